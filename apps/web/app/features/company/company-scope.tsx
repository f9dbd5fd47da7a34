import './company.css';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { SegmentedLinks } from '../../components/segmented-links';
import { myCompanyQuery } from './company-api';

/** The list a page's query string asks for: the member's own (undefined) or, `scope=company`, their company members'. */
export const scopeParam = (params: URLSearchParams): 'company' | undefined => (params.get('scope') === 'company' ? 'company' : undefined);

/**
 * 我的 / 企业成员: the switch a company's 管理员 sees above the lists of sample applications and orders,
 * to read (only) those the company's members made. Nothing for anyone else.
 */
export function CompanyScopeSwitch({ what }: { what: string }) {
  const company = useQuery(myCompanyQuery()).data?.company ?? null;
  const [params] = useSearchParams();
  if (!company?.myRoles.includes('admin')) return null;
  return (
    <SegmentedLinks
      className="company-scope"
      label={`查看谁的${what}`}
      preventScrollReset
      items={[
        // A switch starts the list over: its filters and page are left behind.
        { label: `我的${what}`, to: '?', current: !scopeParam(params) },
        { label: `企业成员的${what}`, to: '?scope=company', current: scopeParam(params) === 'company' },
      ]}
    />
  );
}

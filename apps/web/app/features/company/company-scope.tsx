import './company.css';
import { useQuery } from '@tanstack/react-query';
import { Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import { myCompanyQuery } from './company-api';

/** The list a page's query string asks for: the member's own (undefined) or, `scope=company`, their company members'. */
export const scopeParam = (params: URLSearchParams): 'company' | undefined => (params.get('scope') === 'company' ? 'company' : undefined);

/**
 * 我的 / 企业成员: the switch a company's 管理员 sees above the lists of sample applications and orders,
 * to read (only) those the company's members made. Nothing for anyone else.
 */
export function CompanyScopeSwitch({ what }: { what: string }) {
  const company = useQuery(myCompanyQuery()).data?.company ?? null;
  const [params, setParams] = useSearchParams();
  if (!company?.myRoles.includes('admin')) return null;
  return (
    <Segmented
      className="company-scope"
      aria-label={`查看谁的${what}`}
      options={[
        { label: `我的${what}`, value: 'mine' },
        { label: `企业成员的${what}`, value: 'company' },
      ]}
      value={scopeParam(params) ?? 'mine'}
      onChange={(value) => {
        const next = new URLSearchParams();
        if (value === 'company') next.set('scope', 'company');
        setParams(next, { preventScrollReset: true });
      }}
    />
  );
}

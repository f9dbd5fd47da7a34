import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { paths } from '@fuliaotong/contracts/constants';
import { useCurrentUser } from '../session/session';
import { companyAllowanceQuery, myCompanyQuery } from './company-api';
import { allowanceShortfall, allowanceText } from './company-rules';
import './company.css';

/**
 * For a member of a company, before an application of `itemCount` sample items: what is left of the
 * company's yearly sample allowance, and a warning when it is not enough (the server refuses such an
 * application with 409 `sample_allowance_exceeded`). Nothing for a user without a company.
 */
export function CompanyAllowanceNote({ itemCount }: { itemCount: number }) {
  const user = useCurrentUser();
  const mine = useQuery({ ...myCompanyQuery(), enabled: user !== null });
  const company = mine.data?.company ?? null;
  const allowance = useQuery({ ...companyAllowanceQuery(company?.id ?? 0), enabled: company !== null });
  if (!company || !allowance.data) return null;
  const shortfall = allowanceShortfall(allowance.data, itemCount);
  return (
    <Alert
      className="company-allowance-note"
      type={shortfall ? 'warning' : 'info'}
      showIcon
      title={allowanceText(allowance.data)}
      description={shortfall}
      action={<Link to={paths.company}>我的企业</Link>}
    />
  );
}

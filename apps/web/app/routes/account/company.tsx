import type { Company } from '@fuliaotong/contracts';
import { paths } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { LoadState } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import {
  companyAllowanceQuery,
  companyInvitationsQuery,
  companyMembersQuery,
  myCompanyQuery,
} from '../../features/company/company-api';
import { CompanyAllowance, CompanyCard } from '../../features/company/company-card';
import { CreateCompanyForm } from '../../features/company/company-form';
import { CompanyInvitations, MyInvitations } from '../../features/company/company-invitations';
import { CompanyMembers } from '../../features/company/company-members';
import { isCompanyAdmin } from '../../features/company/company-rules';
import '../../features/company/company.css';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.company);
}

/** The user's company, then (with one) its members, its allowance and, for its 管理员, its invitations. */
export function clientLoader() {
  return loadSignedInQueries((ensure) => [
    ensure(myCompanyQuery()).then(({ company }) =>
      company
        ? Promise.all([
            ensure(companyMembersQuery(company.id)),
            ensure(companyAllowanceQuery(company.id)),
            ...(isCompanyAdmin(company) ? [ensure(companyInvitationsQuery(company.id))] : []),
          ])
        : null,
    ),
  ]);
}

function MyCompany({ company }: { company: Company }) {
  return (
    <>
      <CompanyCard company={company} />
      <CompanyAllowance company={company} />
      <CompanyMembers company={company} />
      {isCompanyAdmin(company) ? <CompanyInvitations company={company} /> : null}
    </>
  );
}

/** 我的企业: the user's company (its state, licence, members, invitations, sample allowance), or the invitations to one and 创建企业. */
export default function CompanyPage() {
  const info = pageInfo(paths.company);
  const mine = useQuery(myCompanyQuery());
  return (
    <div className="page company-page">
      <PageHeading title={info.title} description={info.description} />
      <LoadState query={mine} errorTitle="企业信息加载失败" rows={4}>
        {(data) =>
          data.company ? (
            <MyCompany company={data.company} />
          ) : (
            <>
              {data.invitations.length > 0 ? <MyInvitations invitations={data.invitations} /> : null}
              <section className="panel" aria-labelledby="create-title">
                <h2 className="panel__title" id="create-title">
                  创建企业
                </h2>
                <p className="muted">
                  以企业名义申请样品：创建企业后您是它的管理员，上传营业执照后由工作人员认证，再邀请同事加入。每个账号只能属于一个企业
                  {data.invitations.length > 0 ? '；加入同事的企业，请接受上面的邀请' : ''}。
                </p>
                <CreateCompanyForm />
              </section>
            </>
          )
        }
      </LoadState>
    </div>
  );
}

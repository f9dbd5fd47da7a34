import { paths, withQuery } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/quote-request';
import { Skeleton } from '../../components/load-state';
import { Notice } from '../../components/notice';
import { PageHeading } from '../../components/page-heading';
import { profileQuery } from '../../features/account/account-api';
import { myApplicationQuery } from '../../features/application/application-api';
import { myCompanyQuery } from '../../features/company/company-api';
import { excipientQuery } from '../../features/excipient/excipient-api';
import { QuoteRequestForm } from '../../features/quote/quote-request-form';
import { prefillContact, prefillLines, quoteIdParam, type RequestValues } from '../../features/quote/quote-rules';
import '../../features/quote/quote.css';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.quoteRequest);
}

/** Where the request starts from: a product (and its spec), or a sample application. */
function startOf(params: URLSearchParams) {
  return {
    excipient: quoteIdParam(params.get('excipient')),
    spec: quoteIdParam(params.get('spec')),
    application: quoteIdParam(params.get('application')),
  };
}

/** The profile and the company (the contact), and the product or the sample application the lines come from. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const start = startOf(new URL(request.url).searchParams);
  return loadSignedInQueries((ensure) => [
    ensure(profileQuery()),
    ensure(myCompanyQuery()),
    ...(start.excipient !== undefined ? [ensure(excipientQuery(start.excipient))] : []),
    ...(start.application !== undefined ? [ensure(myApplicationQuery(start.application))] : []),
  ]);
}

/** 询价: a new price request, prefilled from the product page or from a shipped sample application. */
export default function QuoteRequestPage() {
  const info = pageInfo(paths.quoteRequest);
  const [params] = useSearchParams();
  const start = startOf(params);
  const profile = useQuery(profileQuery());
  const company = useQuery(myCompanyQuery());
  const product = useQuery({ ...excipientQuery(start.excipient ?? 0), enabled: start.excipient !== undefined });
  const application = useQuery({ ...myApplicationQuery(start.application ?? 0), enabled: start.application !== undefined });
  const waiting =
    profile.isPending ||
    company.isPending ||
    (start.excipient !== undefined && product.isPending) ||
    (start.application !== undefined && application.isPending);

  const fromApplication = application.data && application.data.items.some((item) => item.excipientId !== null) ? application.data : undefined;
  const initial: RequestValues = {
    lines: prefillLines({ product: product.data, specId: start.spec, application: fromApplication }),
    deliveryCity: '',
    requiredDate: null,
    purpose: undefined,
    remark: '',
    ...prefillContact(profile.data, company.data?.company),
  };

  return (
    <div className="page quote-request-page">
      <PageHeading
        title={info.title}
        description={info.description}
        extra={<Link to={paths.quotes}>我的询价</Link>}
      />
      {start.excipient !== undefined && product.isError ? (
        <Notice type="warning" title="没有找到链接中的产品，请在下面选择要询价的产品。" />
      ) : null}
      {start.application !== undefined && application.isError ? (
        <Notice type="warning" title="没有找到这份样品申请，请在下面选择要询价的产品。" />
      ) : null}
      {fromApplication ? (
        <Notice
          type="info"
          title={
            <>
              由样品申请{' '}
              <Link to={withQuery(paths.applicationOrder, { id: fromApplication.id })}>{fromApplication.number}</Link>{' '}
              询价：已带入申请的样品，请填写采购数量。
            </>
          }
        />
      ) : null}
      {waiting ? (
        <section className="panel">
          <Skeleton rows={6} />
        </section>
      ) : (
        <QuoteRequestForm initial={initial} sampleApplicationId={fromApplication?.id ?? null} />
      )}
    </div>
  );
}

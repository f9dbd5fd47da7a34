import { Alert } from 'antd';
import { Link, useLocation } from 'react-router';
import type { Route } from './+types/coming-soon';
import { ComingSoon } from '../components/coming-soon';
import { publicApi } from '../features/public/public-api';
import { serverApi } from '../lib/api';
import { paths, withQuery } from '../paths';
import { pageMeta } from '../site/pages';
import { siteInfo } from '../site/site-info';

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

/**
 * The product pages link "加入样品车" here (/samplecart?add=<product>&spec=<spec>). Until the cart opens,
 * the page names what was picked and says plainly that it was not added.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const add = url.searchParams.get('add') ?? '';
  if (url.pathname !== paths.sampleCart || !/^\d{1,9}$/.test(add)) return { picked: null };
  try {
    const product = await publicApi.excipient(serverApi(context), Number(add));
    const spec = product.specs.find((s) => String(s.id) === url.searchParams.get('spec'));
    return { picked: { id: product.id, name: product.nameZh, spec: spec ? `${spec.grade} · ${spec.packSize}` : null } };
  } catch {
    return { picked: null };
  }
}

export default function ComingSoonPage({ loaderData }: Route.ComponentProps) {
  const { picked } = loaderData;
  return (
    <div className="container">
      {picked ? (
        <Alert
          className="coming-soon__picked"
          type="warning"
          showIcon
          title={`在线样品车尚未开放，“${picked.name}${picked.spec ? `（${picked.spec}）` : ''}”未加入样品车。`}
          description={
            <>
              请致电 {siteInfo.phone}（{siteInfo.serviceHours}）或发送邮件至{' '}
              <a
                href={`mailto:${siteInfo.email}?subject=${encodeURIComponent(`样品申请：${picked.name}${picked.spec ? ` ${picked.spec}` : ''}`)}`}
              >
                {siteInfo.email}
              </a>{' '}
              申请样品，或 <Link to={withQuery(paths.excipientDetail, { id: picked.id })}>返回产品页</Link>。
            </>
          }
        />
      ) : null}
      <ComingSoon pathname={useLocation().pathname} />
    </div>
  );
}

import type { Route } from './+types/databases';
import { PageHeading } from '../components/page-heading';
import { referenceListQuery } from '../features/reference/reference-api';
import { DatabaseCard } from '../features/reference/database-card';
import { usePublicQuery } from '../features/session/use-public-query';
import { loadQueries } from '../lib/route-data';
import { paths } from '@fuliaotong/contracts/constants';
import { pageInfo, pageMeta } from '../site/pages';
import { RouteLoadError } from '../components/error-view';

export function meta() {
  return pageMeta(paths.database);
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadQueries(context, (ensure, c) => ensure(referenceListQuery(c)));
}

export default function Databases({ loaderData }: Route.ComponentProps) {
  const list = usePublicQuery(referenceListQuery(), loaderData, { personal: false });
  const info = pageInfo(paths.database);
  return (
    <div className="container page">
      <PageHeading
        title={info.title}
        description="原辅包登记、药典标准与辅料用量三大数据库，数据定期更新。标注“登录可见”“会员可见”的数据库需登录或升级会员后查看。"
      />
      <div className="card-grid card-grid--thirds">
        {list.items.map((db) => (
          <DatabaseCard key={db.code} db={db} />
        ))}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} />;
}

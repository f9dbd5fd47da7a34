import { Link } from 'react-router';
import type { Route } from './+types/home-back';
import { HomeSearch } from '../features/search/home-search';
import { NewsList, RegulationList } from '../features/article/article-lists';
import { homeQuery } from '../features/excipient/excipient-api';
import { AccessTag, databaseHref } from '../features/reference/database-card';
import { usePublicQuery } from '../features/session/use-public-query';
import { loadQueries } from '../lib/route-data';
import { paths, withQuery } from '@fuliaotong/contracts/constants';
import { pageMeta } from '../site/pages';
import { siteInfo } from '../site/site-info';
import { RouteLoadError } from '../components/error-view';
import './home-back.css';

export function meta() {
  return pageMeta(paths.homeBack);
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadQueries(context, (ensure, c) => ensure(homeQuery(c)));
}

/** The classic home layout: a compact search bar, then the same content in two dense columns. */
export default function HomeBack({ loaderData }: Route.ComponentProps) {
  const home = usePublicQuery(homeQuery(), loaderData, { personal: false });
  return (
    <div className="container home-back">
      <h1 className="home-back__title">
        {siteInfo.name} · {siteInfo.slogan}
      </h1>
      <div className="home-back__search">
        <HomeSearch size="middle" />
      </div>
      <div className="home-back__columns">
        <section className="panel">
          <h2 className="section-title">推荐辅料</h2>
          <table className="plain-table">
            <tbody>
              {home.featured.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link to={withQuery(paths.excipientDetail, { id: item.id })}>{item.nameZh}</Link>
                  </td>
                  <td>{item.category}</td>
                  <td className="muted">{item.cas ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2 className="section-title">数据库</h2>
          <ul className="home-back__list">
            {home.databases.map((db) => (
              <li key={db.code}>
                <span className="home-back__db">
                  <Link to={databaseHref(db.code)}>{db.name}</Link>
                  <AccessTag access={db.access} />
                </span>
                <span>
                  {db.recordCount.toLocaleString('zh-CN')} 条记录{db.updatedOn ? ` · 更新于 ${db.updatedOn}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="panel">
          <h2 className="section-title">行业资讯</h2>
          <NewsList items={home.news} />
          <h2 className="section-title">法规政策</h2>
          <RegulationList items={home.regulations} />
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} />;
}

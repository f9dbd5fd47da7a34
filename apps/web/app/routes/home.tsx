import { Link } from 'react-router';
import type { Route } from './+types/home';
import { HomeSearch } from '../features/search/home-search';
import { NewsList, RegulationList } from '../features/article/article-lists';
import { homeQuery } from '../features/excipient/excipient-api';
import { ExcipientCard } from '../features/excipient/excipient-card';
import { DatabaseCard } from '../features/reference/database-card';
import { usePublicQuery } from '../features/session/use-public-query';
import { loadQueries } from '../lib/route-data';
import { paths } from '@fuliaotong/contracts/constants';
import { useSiteProfile } from '../root-data';
import { pageMeta } from '../site/pages';
import { RouteLoadError } from '../components/error-view';
import '../features/excipient/excipient.css';
import './home.css';

export function meta() {
  return pageMeta(paths.home);
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadQueries(context, (ensure, c) => ensure(homeQuery(c)));
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const home = usePublicQuery(homeQuery(), loaderData, { personal: false });
  const site = useSiteProfile();
  return (
    <div className="home">
      <section className="home-hero">
        <div className="container">
          <h1 className="home-hero__title">{site.homeHeadline}</h1>
          <p className="home-hero__lead">{site.homeLead}</p>
          <div className="home-hero__search">
            <HomeSearch />
          </div>
          <p className="home-hero__stats">
            收录辅料产品 <strong>{home.excipientCount.toLocaleString('zh-CN')}</strong> 种
            {home.databases.map((db) => (
              <span key={db.code}>
                · {db.name} <strong>{db.recordCount.toLocaleString('zh-CN')}</strong> 条
              </span>
            ))}
          </p>
        </div>
      </section>

      <section className="container home-block" aria-labelledby="home-featured">
        <div className="home-block__head">
          <h2 id="home-featured" className="section-title">
            推荐辅料
          </h2>
          <Link to={paths.excipients}>全部产品 ›</Link>
        </div>
        <div className="excipient-grid excipient-grid--home">
          {home.featured.map((item) => (
            <ExcipientCard key={item.id} item={item} />
          ))}
        </div>
      </section>

      <section className="container home-block" aria-labelledby="home-databases">
        <div className="home-block__head">
          <h2 id="home-databases" className="section-title">
            数据库
          </h2>
          <Link to={paths.database}>数据库首页 ›</Link>
        </div>
        <div className="card-grid card-grid--thirds">
          {home.databases.map((db) => (
            <DatabaseCard key={db.code} db={db} />
          ))}
        </div>
      </section>

      <section className="container home-block home-block--panels">
        <div className="card-grid card-grid--halves">
          <div className="panel">
            <div className="home-block__head">
              <h2 className="section-title">行业资讯</h2>
              <Link to={paths.news}>更多 ›</Link>
            </div>
            <NewsList items={home.news} />
          </div>
          <div className="panel">
            <div className="home-block__head">
              <h2 className="section-title">法规政策</h2>
              <Link to={paths.regulations}>更多 ›</Link>
            </div>
            <RegulationList items={home.regulations} />
          </div>
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} />;
}

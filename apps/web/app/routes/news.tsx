import { NEWS_CATEGORIES, paths, withQuery } from '@fuliaotong/contracts/constants';
import { Link } from 'react-router';
import type { Route } from './+types/news';
import { SearchField } from '../components/filter-fields';
import { EmptyState } from '../components/load-state';
import { PageHeading } from '../components/page-heading';
import { ListPager, useFilterParams, withParams } from '../components/list-pager';
import { SegmentedLinks } from '../components/segmented-links';
import { newsPageQuery } from '../features/article/article-api';
import { usePublicQuery } from '../features/session/use-public-query';
import { loadQueries, queryFrom } from '../lib/route-data';
import { pageInfo, pageMeta } from '../site/pages';
import { RouteLoadError } from '../components/error-view';
import '../features/article/article.css';

const PAGE_SIZE = 12;

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

/** /news and /topnews: industry news by category. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = { ...queryFrom(new URL(request.url), ['keyword', 'category', 'page']), pageSize: String(PAGE_SIZE) };
  return { query, page: await loadQueries(context, (ensure, c) => ensure(newsPageQuery(query, c))) };
}

export default function News({ loaderData }: Route.ComponentProps) {
  const page = usePublicQuery(newsPageQuery(loaderData.query), loaderData.page, { personal: false });
  const [params, setFilter] = useFilterParams();
  const category = params.get('category');
  return (
    <div className="container page">
      <PageHeading title={pageInfo(paths.news).title} description="药用辅料行业动态、政策解读、技术文章与展会活动。" />
      <div className="toolbar">
        <SegmentedLinks
          label="资讯分类"
          items={[undefined, ...NEWS_CATEGORIES].map((c) => ({
            label: c ?? '全部',
            // The list narrowed to one category (全部: none), from its first page, keeping the search words.
            to: withParams(params, { category: c, page: undefined }),
            current: category === (c ?? null),
          }))}
        />
        <SearchField
          value={params.get('keyword') ?? ''}
          placeholder="搜索资讯"
          label="搜索资讯"
          onSearch={(v) => setFilter({ keyword: v })}
          className="toolbar__search"
        />
      </div>
      <p className="result-count" role="status">
        共 <strong>{page.totalCount}</strong> 篇
      </p>
      {page.items.length === 0 ? (
        <EmptyState description="没有符合条件的资讯" />
      ) : (
        <ul className="news-list">
          {page.items.map((n) => (
            <li key={n.id} className="panel news-item">
              <Link to={withQuery(paths.topNewsDetail, { id: n.id })} className="news-item__title">
                {n.title}
              </Link>
              <p className="news-item__summary">{n.summary}</p>
              <span className="article-list__meta">
                {n.category} · {n.source} · {n.publishedOn}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ListPager total={page.totalCount} pageSize={PAGE_SIZE} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} back={{ to: paths.news, label: '资讯列表' }} />;
}

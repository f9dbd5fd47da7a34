import type { Route } from './+types/news-detail';
import { Breadcrumb } from '../components/breadcrumb';
import { newsArticleQuery, newsPageQuery } from '../features/article/article-api';
import { NewsList, RelatedAside } from '../features/article/article-lists';
import { FavoriteButton } from '../features/favorite/favorite-button';
import { RouteLoadError } from '../components/error-view';
import { RichText } from '../features/article/rich-text';
import { usePublicQuery } from '../features/session/use-public-query';
import { idFrom, loadQueries } from '../lib/route-data';
import { paths, withQuery } from '@fuliaotong/contracts/constants';
import { errorMeta } from '../site/pages';
import '../features/article/article.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = idFrom(new URL(request.url), paths.news);
  return loadQueries(context, async (ensure, c) => {
    const article = await ensure(newsArticleQuery(id, c));
    const related = await ensure(newsPageQuery({ category: article.category, pageSize: 7 }, c));
    return { article, related: related.items.filter((n) => n.id !== article.id).slice(0, 6) };
  });
}

export function meta({ data, error }: Route.MetaArgs) {
  if (error) return errorMeta(error);
  return data
    ? [{ title: `${data.article.title} - 行业资讯 - 辅料通` }, { name: 'description', content: data.article.summary }]
    : [{ title: '行业资讯 - 辅料通' }];
}

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  const { related } = loaderData;
  const n = usePublicQuery(newsArticleQuery(loaderData.article.id), loaderData.article);
  return (
    <div className="container page article-page">
      <Breadcrumb
        items={[
          { label: '行业资讯', to: paths.news },
          { label: n.category, to: withQuery(paths.news, { category: n.category }) },
        ]}
      />
      <div className="article-layout">
        <article className="panel">
          <h1 className="article-page__title">{n.title}</h1>
          <div className="article-page__meta">
            <span className="article-list__meta">
              {n.source} · {n.publishedOn}
            </span>
            <FavoriteButton targetType="news" targetId={n.id} favoriteId={n.favoriteId} />
          </div>
          <RichText html={n.content} />
        </article>
        <RelatedAside
          id="related-news"
          title={`同类资讯 · ${n.category}`}
          moreHref={withQuery(paths.news, { category: n.category })}
          moreLabel={`更多${n.category} ›`}
          emptyText="暂无同类资讯。"
        >
          {related.length ? <NewsList items={related} /> : null}
        </RelatedAside>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} back={{ to: paths.news, label: '资讯列表' }} />;
}

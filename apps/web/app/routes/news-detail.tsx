import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/news-detail';
import { FavoriteButton } from '../features/public/favorite-button';
import { idFrom, loadOrThrow, publicApi } from '../features/public/public-api';
import { RichText } from '../features/public/rich-text';
import { usePersonal } from '../features/public/use-personal';
import { paths, withQuery } from '../paths';

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = idFrom(new URL(request.url), paths.news);
  return loadOrThrow(context, (c) => publicApi.newsArticle(c, id));
}

export function meta({ data }: Route.MetaArgs) {
  return data
    ? [{ title: `${data.title} - 行业资讯 - 辅料通` }, { name: 'description', content: data.summary }]
    : [{ title: '行业资讯 - 辅料通' }];
}

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  const n = usePersonal(['news', loaderData.id], (c) => publicApi.newsArticle(c, loaderData.id), loaderData);
  return (
    <div className="container page article-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[{ title: <Link to={paths.news}>行业资讯</Link> }, { title: <Link to={withQuery(paths.news, { category: n.category })}>{n.category}</Link> }]}
      />
      <article className="panel">
        <h1 className="article-page__title">{n.title}</h1>
        <p className="article-list__meta">
          {n.source} · {n.publishedOn}
        </p>
        <div className="article-page__actions">
          <FavoriteButton targetType="news" targetId={n.id} favoriteId={n.favoriteId} />
        </div>
        <RichText html={n.content} />
      </article>
    </div>
  );
}

import { FAVORITE_TARGET_TYPES, favoriteTypeLabels, paths } from '@fuliaotong/contracts/constants';
import type { Favorite } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/favorites';
import { ListPager, withParams } from '../../components/list-pager';
import { PageHeading } from '../../components/page-heading';
import { EmptyState, LoadState } from '../../components/load-state';
import { favoritePageQuery, useRemoveFavorite } from '../../features/favorite/favorite-api';
import { registrationWatchesQuery } from '../../features/registration-watch/registration-watch-api';
import { RegistrationWatchList } from '../../features/registration-watch/watch-list';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';
import '../../features/favorite/favorite.css';
import { toast } from '../../components/toast';

export const handle = accountHandle;
const PAGE_SIZE = 10;

export function meta() {
  return pageMeta(paths.favorites);
}

/** The tab of registration watches (登记关注), beside the favorites' type tabs. */
const WATCH_TAB = 'watch';

/** The list the query string asks for (a type tab and a page). */
function listQuery(params: URLSearchParams) {
  const raw = params.get('type');
  const type = FAVORITE_TARGET_TYPES.find((t) => t === raw);
  const page = Math.max(1, Number(params.get('page')) || 1);
  return { targetType: type, page, pageSize: PAGE_SIZE };
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = listQuery(params);
  return loadSignedInQueries((ensure) => [
    ensure(favoritePageQuery(query)),
    ...(params.get('type') === WATCH_TAB ? [ensure(registrationWatchesQuery())] : []),
  ]);
}

function FavoriteRow({ item, onRemove, removing }: { item: Favorite; onRemove: () => void; removing: boolean }) {
  return (
    <li className="favorite-row">
      <div>
        <Tag>{favoriteTypeLabels[item.targetType]}</Tag>
        <Link to={item.url}>{item.title}</Link>
        <div className="muted small">
          {item.subtitle} · 收藏于 {dayjs(item.createdAt).format('YYYY-MM-DD')}
        </div>
      </div>
      <Popconfirm title="取消收藏？" okText="取消收藏" cancelText="保留" onConfirm={onRemove}>
        <Button size="small" loading={removing}>
          取消收藏
        </Button>
      </Popconfirm>
    </li>
  );
}

/** The type tabs, in antd's tabs look: each a link to the list of that type (its first page). */
function FavoriteTabs({ items }: { items: Array<{ key: string; label: string; to: string; current: boolean }> }) {
  return (
    <nav className="favorite-tabs" aria-label="收藏类型">
      <ul className="favorite-tabs__list">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.to}
              className={item.current ? 'favorite-tabs__tab is-current' : 'favorite-tabs__tab'}
              aria-current={item.current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Favorites() {
  const [params] = useSearchParams();
  const query = listQuery(params);
  const { targetType: type } = query;
  const watching = params.get('type') === WATCH_TAB;
  const list = useQuery(favoritePageQuery(query));
  const watches = useQuery(registrationWatchesQuery());
  const remove = useRemoveFavorite();
  const removeFavorite = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => toast.success('已取消收藏'),
      onError: (error) => toast.error(errorMessage(error, '操作失败，请稍后再试')),
    });
  const counts = list.data?.countsByType;
  const all = counts ? Object.values(counts).reduce((a, b) => a + (b ?? 0), 0) : undefined;
  const active = watching ? WATCH_TAB : (type ?? 'all');
  const tab = (key: string, label: string) => ({
    key,
    label,
    to: withParams(params, { type: key === 'all' ? undefined : key, page: undefined }),
    current: key === active,
  });
  return (
    <div className="page">
      <PageHeading title={pageInfo(paths.favorites).title} description="收藏的产品、登记信息、法规与资讯，以及关注的登记信息。" />
      <FavoriteTabs
        items={[
          tab('all', `全部${all !== undefined ? ` ${all}` : ''}`),
          ...FAVORITE_TARGET_TYPES.map((t) => tab(t, `${favoriteTypeLabels[t]}${counts ? ` ${counts[t] ?? 0}` : ''}`)),
          tab(WATCH_TAB, `登记关注${watches.data ? ` ${watches.data.totalCount}` : ''}`),
        ]}
      />
      {watching ? (
        <RegistrationWatchList />
      ) : (
        <LoadState
          query={list}
          errorTitle="收藏加载失败"
          rows={3}
          panel
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyState description="还没有收藏。在产品、登记信息、法规或资讯页点击“收藏”即可保存到这里。">
              <Link to={paths.excipients}>
                <Button type="primary">浏览辅料产品</Button>
              </Link>
            </EmptyState>
          }
        >
          {(data) => (
            <section className="panel">
              <ul className="favorite-list">
                {data.items.map((item) => (
                  <FavoriteRow
                    key={item.id}
                    item={item}
                    removing={remove.isPending && remove.variables === item.id}
                    onRemove={() => removeFavorite(item.id)}
                  />
                ))}
              </ul>
              <ListPager total={data.totalCount} pageSize={PAGE_SIZE} />
            </section>
          )}
        </LoadState>
      )}
    </div>
  );
}

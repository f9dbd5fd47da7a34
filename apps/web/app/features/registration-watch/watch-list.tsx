import { registrationWatchScopeLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { RegistrationWatch } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { EmptyState, LoadState } from '../../components/load-state';
import { registrationWatchesQuery, useUnwatchRegistration } from './registration-watch-api';
import { toast } from '../../components/toast';

function watchedHref(watch: RegistrationWatch): string | null {
  if (watch.scope === 'product') return withQuery(paths.registrations, { keyword: watch.name });
  return watch.registrationId ? withQuery(paths.topDatabaseDetail, { code: 'registration', id: watch.registrationId }) : null;
}

function WatchRow({ watch, onRemove, removing }: { watch: RegistrationWatch; onRemove: () => void; removing: boolean }) {
  const href = watchedHref(watch);
  const title = watch.scope === 'product' ? `${watch.name}（全部登记）` : `${watch.name}（${watch.regNo}）`;
  return (
    <li className="favorite-row">
      <div>
        <Tag color="purple">{registrationWatchScopeLabels[watch.scope]}</Tag>
        {href ? <Link to={href}>{title}</Link> : title}
        <div className="muted small">
          {watch.company ? `${watch.company} · ` : ''}关注于 {dayjs(watch.createdAt).format('YYYY-MM-DD')}
        </div>
      </div>
      <Popconfirm title="取消关注？" okText="取消关注" cancelText="保留" onConfirm={onRemove}>
        <Button size="small" loading={removing}>
          取消关注
        </Button>
      </Popconfirm>
    </li>
  );
}

/** The user's registration watches (登记关注), on the favorites page. */
export function RegistrationWatchList() {
  const list = useQuery(registrationWatchesQuery());
  const remove = useUnwatchRegistration();
  const unwatch = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => toast.success('已取消关注'),
      onError: (error) => toast.error(errorMessage(error, '操作失败，请稍后再试')),
    });
  return (
    <LoadState
      query={list}
      errorTitle="关注加载失败"
      rows={3}
      panel
      isEmpty={(data) => data.items.length === 0}
      empty={
        <EmptyState description="还没有关注的登记信息。在登记信息页点击“关注此登记”或“关注该品种”，审评结果、更新日期或企业名称变化时会通知您。">
          <Link to={paths.registrations}>
            <Button type="primary">浏览原辅包登记信息</Button>
          </Link>
        </EmptyState>
      }
    >
      {(data) => (
        <section className="panel">
          <p className="muted small">
            与制剂共同审评审批结果、更新日期或企业名称发生变化，或关注的品种有新的登记时，您会在“消息通知”中收到通知。
          </p>
          <ul className="favorite-list">
            {data.items.map((watch) => (
              <WatchRow
                key={watch.id}
                watch={watch}
                removing={remove.isPending && remove.variables === watch.id}
                onRemove={() => unwatch(watch.id)}
              />
            ))}
          </ul>
        </section>
      )}
    </LoadState>
  );
}

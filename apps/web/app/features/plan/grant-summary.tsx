import type { Grant } from '@fuliaotong/contracts';
import { databaseLabels, grantStateLabels, paths } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LoadState } from '../../components/load-state';
import { grantListQuery } from './plan-api';

// The seats of a company membership (a form) load only for its holder, not with every account page.
const GrantSeats = lazy(() => import('./grant-seats').then((m) => ({ default: m.GrantSeats })));

/** The last day a grant covers (its end is the first moment after it). */
export const lastDay = (endsAt: string) => dayjs(endsAt).subtract(1, 'millisecond').format('YYYY-MM-DD');

const stateColors: Record<Grant['state'], string> = { active: 'green', upcoming: 'blue', lapsed: 'default', ended: 'default' };

function what(grant: Grant): string {
  if (grant.kind === 'membership') return '全部数据库的会员可见字段';
  return grant.databaseCode ? `${databaseLabels[grant.databaseCode]}的会员可见字段` : '';
}

/** 会员与订阅 on the account page: what the user may see now and until when, and what has lapsed. */
export function GrantSummary() {
  const grants = useQuery(grantListQuery());
  return (
    <section className="panel grant-summary" aria-label="会员与订阅">
      <h2 className="panel__title">会员与订阅</h2>
      <LoadState query={grants} errorTitle="会员与订阅加载失败" rows={2}>
        {(data) => {
          const current = data.items.filter((g) => g.state === 'active' || g.state === 'upcoming');
          const past = data.items.filter((g) => g.state === 'lapsed' || g.state === 'ended').slice(0, 3);
          return (
            <>
              {current.length === 0 ? (
                <p className="grant-summary__none">
                  {past.length > 0 ? '您的会员或订阅已到期，会员可见的字段已重新锁定；收藏与浏览记录仍然保留。' : '您还不是会员。'}
                  <Link to={paths.upgrade}>查看会员与数据库订阅</Link>
                </p>
              ) : null}
              <ul className="grant-summary__list">
                {[...current, ...past].map((grant) => (
                  <li key={grant.id} className={`grant-summary__item grant-summary__item--${grant.state}`}>
                    <span className="grant-summary__name">
                      {grant.name}
                      {grant.shared ? <Tag className="grant-summary__shared">企业成员</Tag> : null}
                    </span>
                    <Tag color={stateColors[grant.state]}>{grantStateLabels[grant.state]}</Tag>
                    <span className="grant-summary__term">
                      {grant.state === 'upcoming' ? `${dayjs(grant.startsAt).format('YYYY-MM-DD')} 起，` : ''}
                      {grant.state === 'ended' ? `原有效期至 ${lastDay(grant.endsAt)}` : `有效期至 ${lastDay(grant.endsAt)}`}
                    </span>
                    <span className="grant-summary__what">{what(grant)}</span>
                    {grant.seats && !grant.shared && grant.state === 'active' ? (
                      <Suspense fallback={null}>
                        <GrantSeats grant={grant} />
                      </Suspense>
                    ) : null}
                  </li>
                ))}
              </ul>
              {current.length > 0 ? (
                <Link className="grant-summary__renew" to={paths.upgrade}>
                  续费或开通其他数据库
                </Link>
              ) : null}
            </>
          );
        }}
      </LoadState>
    </section>
  );
}

import type { PlanUnlock } from '@fuliaotong/contracts';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';

/** At most four names, then how many there are. */
function names(list: string[]): string {
  return list.length > 4 ? `${list.slice(0, 4).join('、')} 等 ${list.length} 项` : list.join('、');
}

/** Chinese and a Latin word (DMF) are set apart by a space. */
function spaced(verb: string, list: string): string {
  return /^[A-Za-z0-9]/.test(list) ? `${verb} ${list}` : `${verb}${list}`;
}

/**
 * What a plan unlocks, before paying: for each database (or the 会员资料) what a signed-in user without
 * the plan sees, and what its holder sees besides.
 */
export function PlanCompare({ unlocks }: { unlocks: PlanUnlock[] }) {
  if (unlocks.length === 0) return <p className="plan-compare__none">暂无可解锁的内容，暂不能开通。</p>;
  return (
    <div className="plan-compare">
      <p className="plan-compare__title">开通前后对比</p>
      {unlocks.map((unlock) => (
        <div key={unlock.database ?? 'documents'} className="plan-compare__item">
          <p className="plan-compare__name">
            {unlock.name}
            <span className="plan-compare__count">
              {unlock.count.toLocaleString('zh-CN')} {unlock.database ? '条记录' : '份'}
            </span>
          </p>
          <dl className="plan-compare__rows">
            <dt>
              <LockOutlined aria-hidden /> 登录用户
            </dt>
            <dd>{unlock.signedIn.length ? `可见${names(unlock.signedIn)}` : '不可查看'}</dd>
            <dt>
              <UnlockOutlined aria-hidden /> 开通后
            </dt>
            <dd className="plan-compare__unlocked">{spaced(unlock.database ? (unlock.signedIn.length ? '另可见' : '可见') : '另可下载', unlock.unlocked.join('、'))}</dd>
          </dl>
        </div>
      ))}
    </div>
  );
}

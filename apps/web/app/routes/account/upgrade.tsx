import type { Plan } from '@fuliaotong/contracts';
import { formatFen, planKindLabels } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Card, Tag } from 'antd';
import { PageHeading } from '../../components/page-heading';
import { LoadState } from '../../components/load-state';
import { planListQuery, term } from '../../features/plans/plan-api';
import { paths } from '../../paths';
import { useSiteProfile } from '../../root-data';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';
import { telHref } from '../../components/company-lines';
import '../../features/plans/plans.css';

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.upgrade);
}

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <Card
      className="plan-card"
      title={plan.name}
      extra={<Tag color={plan.kind === 'membership' ? 'gold' : 'blue'}>{planKindLabels[plan.kind]}</Tag>}
    >
      <p className="plan-card__price">
        {formatFen(plan.priceFen)}
        <span className="plan-card__term"> / {term(plan.days)}</span>
      </p>
      {plan.seats ? <p className="plan-card__seats">含 {plan.seats} 个账号</p> : null}
      <p className="plan-card__description">{plan.description}</p>
    </Card>
  );
}

/** 会员升级: the plans on sale and how to take one. */
export default function UpgradePage() {
  const info = pageInfo(paths.upgrade);
  const plans = useQuery(planListQuery());
  const site = useSiteProfile();
  return (
    <div className="page">
      <PageHeading title={info.title} description={info.description} />
      <LoadState
        query={plans}
        errorTitle="方案加载失败"
        rows={4}
        panel
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="muted">暂无在售方案。</p>}
      >
        {(data) => (
          <>
            <div className="plan-grid">
              {data.items.map((plan) => (
                <PlanCard key={plan.id} plan={plan} />
              ))}
            </div>
            <section className="panel plan-contact" aria-label="如何开通">
              <h2 className="panel__title">如何开通</h2>
              <p>
                请联系我们的客服，说明要开通的方案、账号和开票信息（普票或专票）；对公转账或签订合同后，工作人员会为您的账号开通权益，开通后立即生效。
              </p>
              <p>
                客服热线：<a href={telHref(site.phone)}>{site.phone}</a>（{site.serviceHours}） · 邮箱：
                <a href={`mailto:${site.email}`}>{site.email}</a>
              </p>
            </section>
          </>
        )}
      </LoadState>
    </div>
  );
}

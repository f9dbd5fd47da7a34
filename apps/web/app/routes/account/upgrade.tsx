import type { Plan } from '@fuliaotong/contracts';
import { DATABASE_CODES, formatFen, planKindLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { LoadState } from '../../components/load-state';
import { planListQuery, term } from '../../features/plan/plan-api';
import { PlanCompare } from '../../features/plan/plan-compare';
import { useCreateOrder } from '../../features/order/order-api';
import { useSiteProfile } from '../../root-data';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';
import { telHref } from '../../components/company-lines';
import '../../features/plan/plan.css';
import { toast } from '../../components/toast';

export const handle = accountHandle;

type DatabaseCode = (typeof DATABASE_CODES)[number];
const databaseParam = (value: string | null): DatabaseCode | undefined => DATABASE_CODES.find((code) => code === value);

export function meta() {
  return pageMeta(paths.upgrade);
}

function PlanCard({ plan, unlocks }: { plan: Plan; unlocks: boolean }) {
  const navigate = useNavigate();
  const create = useCreateOrder();
  const buy = () =>
    create.mutate(plan.id, {
      onSuccess: (order) => void navigate(withQuery(paths.payment, { order: order.id })),
      onError: (error) => toast.error(errorMessage(error, '下单失败，请稍后重试')),
    });
  return (
    <Card
      className={unlocks ? 'plan-card plan-card--unlocks' : 'plan-card'}
      title={plan.name}
      extra={<Tag color={plan.kind === 'membership' ? 'gold' : 'blue'}>{planKindLabels[plan.kind]}</Tag>}
      actions={[
        <Button
          key="buy"
          type="primary"
          loading={create.isPending}
          disabled={plan.unlocks.length === 0}
          onClick={buy}
          aria-label={`立即开通${plan.name}`}
        >
          立即开通
        </Button>,
      ]}
    >
      {unlocks ? <p className="plan-card__unlocks">可查看您刚才打开的会员可见字段</p> : null}
      <p className="plan-card__price">
        {formatFen(plan.priceFen)}
        <span className="plan-card__term"> / {term(plan.days)}</span>
      </p>
      {plan.seats ? <p className="plan-card__seats">含 {plan.seats} 个账号</p> : null}
      <p className="plan-card__description">{plan.description}</p>
      <PlanCompare unlocks={plan.unlocks} />
    </Card>
  );
}

/** 会员升级: the plans on sale and how to take one. */
export default function UpgradePage() {
  const info = pageInfo(paths.upgrade);
  const plans = useQuery(planListQuery());
  const site = useSiteProfile();
  // Arriving from a locked field (?for=usage): the plans that unlock it come first.
  const wanted = databaseParam(useSearchParams()[0].get('for'));
  const unlocks = (plan: Plan) => wanted !== undefined && (plan.kind === 'membership' || plan.databaseCode === wanted);
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
              {[...data.items.filter(unlocks), ...data.items.filter((plan) => !unlocks(plan))].map((plan) => (
                <PlanCard key={plan.id} plan={plan} unlocks={unlocks(plan)} />
              ))}
            </div>
            <section className="panel plan-contact" aria-label="如何开通">
              <h2 className="panel__title">如何开通</h2>
              <p>
                点击“立即开通”下单，可用微信支付、支付宝或对公转账付款；在线支付成功后立即生效，对公转账在财务确认到账后生效。已支付的订单可在“我的订单”中申请发票（普票或专票）。
              </p>
              <p>需要签订合同、多账号采购或有其他问题，请联系客服：</p>
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

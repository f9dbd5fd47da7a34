import { applicationStatusLabels, unavailableReasonLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { CartItem } from '@fuliaotong/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../components/load-state';
import { PageHeading } from '../components/page-heading';
import { myApplicationQuery } from '../features/application/application-api';
import { CompanyAllowanceNote } from '../features/company/company-allowance-note';
import { AppliedItems } from '../features/application/applied-items';
import { ApplicationForm } from '../features/application/application-form';
import { confirmedSamplesQuery } from '../features/sample-cart/sample-cart-api';
import { idFrom, idsFrom } from '../features/application/sample-ids';
import { pageInfo, pageMeta } from '../site/pages';
import '../features/application/application-form.css';

export function meta() {
  return pageMeta(paths.formConfirm);
}

/** The cart items about to be applied for, each with the reason it cannot be when it cannot. */
function ItemList({ items }: { items: CartItem[] }) {
  return (
    <AppliedItems
      items={items.map((item) => ({
        ...item,
        unavailable: !item.available && item.unavailableReason ? unavailableReasonLabels[item.unavailableReason] : null,
      }))}
    />
  );
}

/** `/formconfirm?edit=<id>`: an application awaiting review, its form filled in, saved in place. */
function EditApplication({ id }: { id: number }) {
  const application = useQuery(myApplicationQuery(id));
  const sheet = withQuery(paths.applicationOrder, { id });
  const a = application.data;
  const applied = (a?.items ?? []).flatMap((item) =>
    item.excipientId && item.specId ? [{ excipientId: item.excipientId, specId: item.specId, quantity: item.quantity }] : [],
  );
  return (
    <div className="container page confirm-page">
      <PageHeading
        title="修改样品申请"
        description="审核前可修改联系人、研发信息、收货地址与备注；样品如需调整，请撤回后重新申请。"
      />
      <section className="panel" aria-labelledby="items-title">
        <h2 className="panel__title" id="items-title">
          申请的样品
          {a ? <span className="panel__title-note">申请编号 {a.number}</span> : null}
        </h2>
        {application.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : application.isError ? (
          <LoadError error={application.error} title="申请加载失败" onRetry={() => void application.refetch()} />
        ) : (
          <>
            {!a!.canEdit ? (
              <Alert
                className="confirm-problems"
                type="warning"
                showIcon
                title={`这份申请当前为「${applicationStatusLabels[a!.status]}」，不能再修改。`}
                action={<Link to={sheet}>查看申请单</Link>}
              />
            ) : null}
            <AppliedItems items={a!.items} />
          </>
        )}
      </section>
      {a?.canEdit ? <ApplicationForm items={applied} ready={applied.length === a.items.length} editing={a} /> : null}
    </div>
  );
}

export default function FormConfirmPage() {
  const info = pageInfo(paths.formConfirm);
  const [params] = useSearchParams();
  const editId = idFrom(params.get('edit'));
  const ids = idsFrom(params.get('ids'));
  const confirmed = useQuery({ ...confirmedSamplesQuery(ids ?? []), enabled: ids !== null && editId === null });

  if (editId !== null) return <EditApplication id={editId} />;

  const backToCart = (
    <Link to={paths.sampleCart}>
      <Button>返回样品车</Button>
    </Link>
  );

  if (!ids) {
    return (
      <div className="container page">
        <PageHeading title={info.title} />
        <section className="panel">
          <Result
            status="info"
            title="没有选择要申请的样品"
            subTitle="请在样品车中勾选样品后点击“申请样品”。"
            extra={backToCart}
          />
        </section>
      </div>
    );
  }

  const data = confirmed.data;
  const items = data?.items ?? [];
  const totalQuantity = items.reduce((sum, item) => sum + item.quantity, 0);
  const problems: string[] = [];
  if (data) {
    if (data.missingIds.length > 0) problems.push(`有 ${data.missingIds.length} 件样品已不在样品车中。`);
    if (data.message) problems.push(data.message);
    else if (!data.ready) problems.push('部分样品暂不能申请。');
  }

  return (
    <div className="container page confirm-page">
      <PageHeading title={info.title} description="核对样品，填写联系人、研发信息与收货地址后提交。" />
      <section className="panel" aria-labelledby="items-title">
        <h2 className="panel__title" id="items-title">
          申请的样品
          {data ? (
            <span className="panel__title-note">
              {items.length} 种，共 {totalQuantity} 件
            </span>
          ) : null}
        </h2>
        {confirmed.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : confirmed.isError ? (
          <LoadError error={confirmed.error} title="样品信息加载失败" onRetry={() => void confirmed.refetch()} />
        ) : (
          <>
            {problems.length > 0 || items.length === 0 ? (
              <Alert
                className="confirm-problems"
                type="warning"
                showIcon
                title={items.length === 0 ? '这些样品已不在样品车中，无法申请。' : problems.join(' ')}
                description="请返回样品车调整后再申请。"
                action={<Link to={paths.sampleCart}>返回样品车修改</Link>}
              />
            ) : null}
            <ItemList items={items} />
            {items.length > 0 ? <CompanyAllowanceNote itemCount={items.filter((item) => item.available).length} /> : null}
          </>
        )}
      </section>
      {data && items.length > 0 ? <ApplicationForm items={items.filter((item) => item.available)} ready={data.ready} /> : null}
    </div>
  );
}

import { ShoppingCartOutlined } from '@ant-design/icons';
import type { CartItem, SampleLimits } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Popconfirm, Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, LoadState } from '../components/load-state';
import { PageHeading } from '../components/page-heading';
import { CompanyAllowanceNote } from '../features/company/company-allowance-note';
import { ExcipientCell, QuantityStepper, RemoveButton, useNarrow } from '../features/sample-cart/cart-parts';
import { cartListQuery, useRemoveCartItems, useSetCartChecked, useUpdateCartItem } from '../features/sample-cart/sample-cart-api';
import { useCurrentUser } from '../features/session/session';
import { paths, withQuery } from '@fuliaotong/contracts/constants';
import { pageInfo, pageMeta } from '../site/pages';
import '../features/sample-cart/sample-cart.css';
import { toast } from '../components/toast';

export function meta() {
  return pageMeta(paths.sampleCart);
}

/**
 * Links of an earlier version of the product page (/samplecart?add=<product>&spec=<spec>) added nothing;
 * they now lead back to the product with that pack size chosen.
 */
function LegacyAddNotice() {
  const [params] = useSearchParams();
  const add = params.get('add') ?? '';
  if (!/^\d{1,9}$/.test(add)) return null;
  const spec = params.get('spec') ?? '';
  const back = withQuery(paths.excipientDetail, { id: add, spec: /^\d{1,9}$/.test(spec) ? spec : undefined });
  return (
    <Alert
      className="cart-legacy"
      type="info"
      showIcon
      title="样品现在在产品页直接加入样品车。"
      description={
        <>
          这个链接没有向样品车加入任何样品。<Link to={back}>回到产品页</Link>选择规格与数量后加入。
        </>
      }
    />
  );
}

function LimitsHint({ limits, count }: { limits: SampleLimits; count: number }) {
  return (
    <p className="cart-limits muted small">
      样品车最多 {limits.maxCartItems} 种样品（已有 {count} 种），每种最多 {limits.maxQuantity} 件；每次申请最多{' '}
      {limits.maxApplicationItems} 种。
    </p>
  );
}

export default function SampleCartPage() {
  const info = pageInfo(paths.sampleCart);
  const navigate = useNavigate();
  const narrow = useNarrow();
  const user = useCurrentUser();
  const cart = useQuery({ ...cartListQuery(), enabled: user !== null });
  const { data, isPending, isError } = cart;
  const update = useUpdateCartItem();
  const setChecked = useSetCartChecked();
  const remove = useRemoveCartItems();

  const items = data?.items ?? [];
  const limits = data?.limits;
  const available = items.filter((item) => item.available);
  const selected = available.filter((item) => item.checked);
  const allChecked = available.length > 0 && selected.length === available.length;
  const totalQuantity = selected.reduce((sum, item) => sum + item.quantity, 0);
  const overLimit = limits ? selected.length > limits.maxApplicationItems : false;

  const onError = (fallback: string) => (err: unknown) => toast.error(errorMessage(err, fallback));
  const toggle = (item: CartItem, checked: boolean) =>
    update.mutate({ id: item.id, checked }, { onError: onError('选择失败，请稍后重试') });
  const toggleAll = (checked: boolean) => {
    const ids = available.filter((item) => item.checked !== checked).map((item) => item.id);
    if (ids.length > 0) setChecked.mutate({ ids, checked }, { onError: onError('选择失败，请稍后重试') });
  };
  const changeQuantity = (item: CartItem, quantity: number) =>
    update.mutate({ id: item.id, quantity }, { onError: onError('数量修改失败，请稍后重试') });
  const removeItems = (ids: number[]) =>
    remove.mutateAsync(ids).then(
      (result) => toast.success(`已移除 ${result.removed} 种样品`),
      (err: unknown) => {
        toast.error(errorMessage(err, '移除失败，请稍后重试'));
        throw err;
      },
    );
  const removing = (id: number) => remove.isPending && (remove.variables ?? []).includes(id);

  const apply = () => navigate(withQuery(paths.formConfirm, { ids: selected.map((item) => item.id).join(',') }));

  const checkbox = (item: CartItem) => (
    <Checkbox
      checked={item.available && item.checked}
      disabled={!item.available}
      onChange={(event) => toggle(item, event.target.checked)}
      aria-label={`选择 ${item.nameZh} ${item.grade} ${item.packSize}`}
    />
  );

  const columns: TableColumnsType<CartItem> = [
    { key: 'select', width: 48, title: <span className="visually-hidden">选择</span>, render: (_, item) => checkbox(item) },
    { key: 'product', title: '产品', render: (_, item) => <ExcipientCell item={item} /> },
    { key: 'grade', title: '规格等级', dataIndex: 'grade', width: 140 },
    { key: 'pack', title: '样品包装', dataIndex: 'packSize', width: 110 },
    {
      key: 'quantity',
      title: '数量（件）',
      width: 150,
      render: (_, item) => (
        <QuantityStepper
          item={item}
          max={limits?.maxQuantity ?? 1}
          disabled={!item.available}
          onCommit={(quantity) => changeQuantity(item, quantity)}
        />
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 96,
      render: (_, item) => <RemoveButton item={item} pending={removing(item.id)} onRemove={() => removeItems([item.id])} />,
    },
  ];

  let body;
  if (isPending || isError || items.length === 0) {
    body = (
      <LoadState
        query={cart}
        errorTitle="样品车加载失败"
        panel
        isEmpty={() => items.length === 0}
        empty={
          <EmptyState
            image={<ShoppingCartOutlined aria-hidden className="empty-icon" />}
            description="样品车还是空的。在产品页选择规格与包装，即可加入样品车。"
          >
            <Link to={paths.excipients}>
              <Button type="primary">浏览辅料产品</Button>
            </Link>
          </EmptyState>
        }
      >
        {() => null}
      </LoadState>
    );
  } else {
    body = (
      <>
        <section className="panel cart-panel">
          <div className="cart-toolbar">
            <Checkbox
              checked={allChecked}
              indeterminate={selected.length > 0 && !allChecked}
              disabled={available.length === 0}
              onChange={(event) => toggleAll(event.target.checked)}
            >
              全选
            </Checkbox>
            <Popconfirm
              title={`移除选中的 ${selected.length} 种样品？`}
              okText="移除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              disabled={selected.length === 0}
              onConfirm={() => removeItems(selected.map((item) => item.id)).catch(() => undefined)}
            >
              <Button size="small" danger disabled={selected.length === 0}>
                移除选中
              </Button>
            </Popconfirm>
          </div>
          {narrow ? (
            <ul className="cart-cards" aria-label="样品车中的样品">
              {items.map((item) => (
                <li key={item.id} className={item.available ? 'cart-card' : 'cart-card is-unavailable'} data-cart-item={item.id}>
                  <div className="cart-card__select">{checkbox(item)}</div>
                  <div className="cart-card__main">
                    <ExcipientCell item={item} />
                    <div className="cart-card__spec">
                      {item.grade} · {item.packSize}
                    </div>
                    <div className="cart-card__actions">
                      <QuantityStepper
                        item={item}
                        max={limits?.maxQuantity ?? 1}
                        disabled={!item.available}
                        onCommit={(quantity) => changeQuantity(item, quantity)}
                      />
                      <RemoveButton item={item} pending={removing(item.id)} onRemove={() => removeItems([item.id])} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <Table<CartItem>
              className="cart-table"
              rowKey="id"
              columns={columns}
              dataSource={items}
              pagination={false}
              size="middle"
              rowClassName={(item) => (item.available ? '' : 'is-unavailable')}
              onRow={(item) => ({ 'data-cart-item': item.id }) as HTMLAttributes<HTMLElement>}
            />
          )}
          {limits ? <LimitsHint limits={limits} count={items.length} /> : null}
          <CompanyAllowanceNote itemCount={selected.length} />
        </section>
        <div className="cart-summary" role="region" aria-label="已选样品">
          <div className="cart-summary__text" aria-live="polite">
            已选 <strong>{selected.length}</strong> 种，共 <strong>{totalQuantity}</strong> 件
            {overLimit && limits ? <span className="cart-summary__warn">（每次最多申请 {limits.maxApplicationItems} 种）</span> : null}
          </div>
          <Button type="primary" size="large" disabled={selected.length === 0 || overLimit} onClick={apply}>
            申请样品
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="container page cart-page">
      <PageHeading title={info.title} description="确认样品与数量，勾选后提交申请。" />
      <LegacyAddNotice />
      {body}
    </div>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import type { Invoice, InvoiceTitle } from '@fuliaotong/contracts';
import { COMPANY_TITLE_MANAGERS, formatFen, holdsCompanyRole, invoiceTitleKindLabels, invoiceTypeLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/invoices';
import { DataTable } from '../../components/data-table';
import { ListPager } from '../../components/list-pager';
import { RecordCards } from '../../components/record-cards';
import { LoadState } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { INVOICE_PAGE_SIZE, invoiceTitlesQuery, myInvoicesQuery, useDeleteInvoiceTitle } from '../../features/invoice/invoice-api';
import { InvoiceDownloadButton, InvoiceStatusTag } from '../../features/invoice/invoice-status';
import { myCompanyQuery } from '../../features/company/company-api';
import '../../features/order/order.css';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';
import { toast } from '../../components/toast';

// The title dialog (a form with its checks) loads when first opened.
const InvoiceTitleModal = lazy(() => import('../../features/invoice/invoice-title-modal').then((m) => ({ default: m.InvoiceTitleModal })));

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.invoices);
}

const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = pageOf(new URL(request.url).searchParams);
  return loadSignedInQueries((ensure) => [ensure(invoiceTitlesQuery()), ensure(myInvoicesQuery(page))]);
}

/** What can be done with an invoice: download it once issued. */
function InvoiceActions({ invoice }: { invoice: Invoice }) {
  return invoice.status === 'issued' && invoice.hasFile ? (
    <InvoiceDownloadButton id={invoice.id} invoiceNumber={invoice.invoiceNumber} orderNumber={invoice.orderNumber} />
  ) : null;
}

function TitleList({ items, onEdit, label }: { items: InvoiceTitle[]; onEdit: (title: InvoiceTitle) => void; label: string }) {
  const remove = useDeleteInvoiceTitle();
  return (
    <ul className="invoice-titles" aria-label={label}>
      {items.map((title) => (
        <li key={title.id} className="invoice-title">
          <span className="invoice-title__name">{title.name}</span>
          <Tag>{invoiceTitleKindLabels[title.kind]}</Tag>
          <Tag color={title.type === 'special' ? 'gold' : 'blue'}>{invoiceTypeLabels[title.type]}</Tag>
          {title.taxId ? <span className="invoice-title__tax">{title.taxId}</span> : null}
          <span className="invoice-title__email">{title.email}</span>
          {title.canManage ? (
            <span className="order-actions">
              <Button size="small" type="link" onClick={() => onEdit(title)} aria-label={`编辑抬头 ${title.name}`}>
                编辑
              </Button>
              <Popconfirm
                title="删除这个抬头？"
                okText="删除"
                cancelText="取消"
                onConfirm={() => remove.mutateAsync(title.id).catch((error: unknown) => toast.error(errorMessage(error, '删除失败')))}
              >
                <Button size="small" type="link" danger aria-label={`删除抬头 ${title.name}`}>
                  删除
                </Button>
              </Popconfirm>
            </span>
          ) : (
            <span className="muted">由企业管理员、财务维护</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The member's own titles and, for those who use them, their company's (管理员 and 财务 add to them). */
function Titles() {
  const titles = useQuery(invoiceTitlesQuery());
  const company = useQuery(myCompanyQuery()).data?.company ?? null;
  const [editing, setEditing] = useState<{ title?: InvoiceTitle; forCompany?: boolean }>();
  const keepsCompany = company !== null && holdsCompanyRole(company.myRoles, COMPANY_TITLE_MANAGERS);
  return (
    <section className="panel" aria-label="发票抬头">
      <div className="invoice-section__head">
        <h2 className="panel__title">发票抬头</h2>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
          新增抬头
        </Button>
      </div>
      <LoadState
        query={titles}
        errorTitle="发票抬头加载失败"
        rows={2}
        isEmpty={(data) => data.items.length === 0 && !keepsCompany}
        empty={<p className="muted">还没有发票抬头。</p>}
      >
        {(data) => {
          const personal = data.items.filter((title) => title.owner === 'personal');
          const shared = data.items.filter((title) => title.owner === 'company');
          if (!keepsCompany && shared.length === 0) return <TitleList items={personal} label="个人发票抬头" onEdit={(title) => setEditing({ title })} />;
          return (
            <>
              <h3 className="invoice-titles__group">个人</h3>
              {personal.length === 0 ? <p className="muted">还没有个人抬头。</p> : null}
              <TitleList items={personal} label="个人发票抬头" onEdit={(title) => setEditing({ title })} />
              <div className="invoice-titles__group-head">
                <h3 className="invoice-titles__group">企业（{company?.name ?? shared[0]?.companyName}）</h3>
                {keepsCompany ? (
                  <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ forCompany: true })}>
                    新增企业抬头
                  </Button>
                ) : null}
              </div>
              {shared.length === 0 ? <p className="muted">企业还没有共用的发票抬头。</p> : null}
              <TitleList items={shared} label="企业发票抬头" onEdit={(title) => setEditing({ title })} />
            </>
          );
        }}
      </LoadState>
      {editing ? (
        <Suspense fallback={null}>
          <InvoiceTitleModal
            open
            title={editing.title}
            company={editing.forCompany && company ? { id: company.id, name: company.name } : undefined}
            onClose={() => setEditing(undefined)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** 发票管理: the invoice titles and the invoices asked for (申请中 / 已开具 / 已驳回 / 已红冲). */
export default function InvoicesPage() {
  const info = pageInfo(paths.invoices);
  const [params] = useSearchParams();
  const page = pageOf(params);
  const invoices = useQuery(myInvoicesQuery(page));
  return (
    <div className="page invoices-page">
      <PageHeading title={info.title} description={info.description} />
      <Titles />
      <section className="panel" aria-label="开票记录">
        <h2 className="panel__title">开票记录</h2>
        <p className="muted">在“我的订单”中为已支付的订单申请发票，每个订单可开具一张，金额为实付金额。</p>
        <LoadState
          query={invoices}
          errorTitle="开票记录加载失败"
          rows={3}
          isEmpty={(data) => data.items.length === 0}
          empty={
            <p className="muted">
              还没有开票申请。<Link to={paths.databaseOrders}>前往我的订单</Link>
            </p>
          }
        >
          {(data) => (
            <>
              <section className="table-scroll records-table">
                <DataTable<Invoice>
                  label="开票记录"
                  rows={data.items}
                  rowKey={(invoice) => invoice.id}
                  empty="还没有开票申请"
                  minWidth={760}
                  columns={[
                    {
                      key: 'order',
                      title: '订单',
                      render: (invoice) =>
                        // A sales order's invoice opens the order (its lines are the invoice's lines).
                        invoice.salesOrderId === null ? (
                          `${invoice.orderNumber} · ${invoice.orderName}`
                        ) : (
                          <Link to={withQuery(paths.salesOrders, { id: invoice.salesOrderId })}>
                            {invoice.orderNumber} · {invoice.orderName}
                          </Link>
                        ),
                    },
                    { key: 'title', title: '抬头', render: (invoice) => `${invoice.title.name}（${invoiceTypeLabels[invoice.title.type]}）` },
                    { key: 'amountFen', title: '金额', align: 'right', render: (invoice) => formatFen(invoice.amountFen) },
                    {
                      key: 'status',
                      title: '状态',
                      render: (invoice) => (
                        <>
                          <InvoiceStatusTag status={invoice.status} />
                          {invoice.rejectReason ? <div className="invoice-reason">{invoice.rejectReason}</div> : null}
                        </>
                      ),
                    },
                    { key: 'createdAt', title: '申请时间', render: (invoice) => dayjs(invoice.createdAt).format('YYYY-MM-DD') },
                    { key: 'actions', title: '操作', render: (invoice) => <InvoiceActions invoice={invoice} /> },
                  ]}
                />
              </section>
              <RecordCards
                label="开票记录"
                empty="还没有开票申请"
                items={data.items.map((invoice) => ({
                  key: invoice.id,
                  href: invoice.salesOrderId === null ? undefined : withQuery(paths.salesOrders, { id: invoice.salesOrderId }),
                  name: invoice.orderName,
                  tag: <InvoiceStatusTag status={invoice.status} />,
                  code: invoice.orderNumber,
                  lines: [
                    `${invoice.title.name}（${invoiceTypeLabels[invoice.title.type]}） · ${formatFen(invoice.amountFen)}`,
                    ...(invoice.invoiceNumber ? [`发票号码 ${invoice.invoiceNumber}`] : []),
                    ...(invoice.rejectReason
                      ? [<span key="reason" className="invoice-reason">{`驳回原因：${invoice.rejectReason}`}</span>]
                      : []),
                  ],
                  meta: `申请时间 ${dayjs(invoice.createdAt).format('YYYY-MM-DD')}`,
                  actions: invoice.status === 'issued' && invoice.hasFile ? <InvoiceActions invoice={invoice} /> : undefined,
                }))}
              />
              <ListPager total={data.totalCount} pageSize={INVOICE_PAGE_SIZE} />
            </>
          )}
        </LoadState>
      </section>
    </div>
  );
}

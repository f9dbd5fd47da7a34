import { UploadOutlined } from '@ant-design/icons';
import type { AdminInvoice, InvoiceStatus } from '@fuliaotong/contracts';
import { formatFen, INVOICE_STATUSES, invoiceStatusLabels, invoiceTypeLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_INVOICES_PAGE_SIZE, adminInvoicesQuery, useInvoiceDecision, useIssueInvoice, useUploadInvoiceFile } from '../../features/invoice/invoice-api';
import { useDeskWrites } from '../../features/staff/desk-access';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer } from '../../features/staff/desk/desk-drawer';
import { DeskChoice } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';
import { toast } from '../../components/toast';

export function meta() {
  return pageMeta(paths.adminInvoices);
}

const statusColors: Record<InvoiceStatus, string> = { requested: 'orange', issued: 'green', rejected: 'red', reversed: 'purple' };

/** The invoice desk (finance): the queue of requests; issue with the file and number, reject, reverse. */
export default function AdminInvoicesPage() {
  const { searchParams, page, openId, go } = useDeskQuery();
  const status = searchParams.has('status') ? paramOf(searchParams.get('status'), INVOICE_STATUSES) : 'requested';
  const list = useQuery(adminInvoicesQuery({ status, page }));
  const { canWrite } = useDeskWrites();
  const open = typeof openId === 'number' ? list.data?.items.find((i) => i.id === openId) : undefined;
  const columns: ColumnsType<AdminInvoice> = [
    {
      title: '订单',
      dataIndex: 'orderNumber',
      render: (number: string, invoice) => (
        <DeskLink onClick={() => go({ id: invoice.id })} label={`${canWrite ? '处理' : '查看'}开票 ${number}`}>
          {number}
        </DeskLink>
      ),
    },
    { title: '抬头', key: 'title', render: (_, invoice) => invoice.title.name },
    { title: '类型', key: 'type', render: (_, invoice) => invoiceTypeLabels[invoice.title.type] },
    { title: '金额', dataIndex: 'amountFen', align: 'right', render: (fen: number) => formatFen(fen) },
    { title: '状态', dataIndex: 'status', render: (s: InvoiceStatus) => <Tag color={statusColors[s]}>{invoiceStatusLabels[s]}</Tag> },
    { title: '申请时间', dataIndex: 'createdAt', render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm') },
  ];
  return (
    <Desk
      path={paths.adminInvoices}
      refresh={list}
      filters={
        <DeskChoice
          label="发票状态"
          param="status"
          value={status ?? 'all'}
          options={[...INVOICE_STATUSES.map((s) => ({ label: invoiceStatusLabels[s], value: s })), { label: '全部', value: 'all' }]}
          clears={null}
          also={{ id: null }}
        />
      }
      editor={
        <DeskDrawer open={open !== undefined} onClose={() => go({ id: null })} title={open ? `开票 ${open.orderNumber}` : '开票'}>
          {open ? <InvoiceDetail invoice={open} /> : null}
        </DeskDrawer>
      }
    >
      <DeskTable
        list={list}
        columns={columns}
        errorTitle="开票申请加载失败"
        scrollX={820}
        empty={status ? `没有${invoiceStatusLabels[status]}的发票` : '暂无开票申请'}
        paging={{ pageSize: ADMIN_INVOICES_PAGE_SIZE, unit: '张' }}
      />
    </Desk>
  );
}

interface IssueForm {
  invoiceNumber: string;
  taxId?: string;
}

function InvoiceDetail({ invoice }: { invoice: AdminInvoice }) {
  const upload = useUploadInvoiceFile();
  const issue = useIssueInvoice();
  const decide = useInvoiceDecision();
  const t = invoice.title;
  const { form, onFinish, formError, pending } = useMutationForm(issue, {
    variables: (values: IssueForm) => ({
      id: invoice.id,
      body: { invoiceNumber: values.invoiceNumber, taxId: values.taxId && values.taxId !== t.taxId ? values.taxId : undefined },
    }),
    fields: ['invoiceNumber', 'taxId'],
    success: '发票已开具，已通知买家',
  });
  const [reason, setReason] = useState('');
  const { canWrite } = useDeskWrites();
  const act = (action: 'reject' | 'reverse') =>
    decide.mutate(
      { id: invoice.id, action, reason },
      {
        onSuccess: () => toast.success(action === 'reject' ? '已驳回，已通知买家' : '已标记红冲，已通知买家'),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <div className="order-detail">
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'status', label: '状态', children: <Tag color={statusColors[invoice.status]}>{invoiceStatusLabels[invoice.status]}</Tag> },
          { key: 'buyer', label: '买家账号', children: invoice.account },
          {
            key: 'order',
            label: '订单',
            children:
              invoice.salesOrderId === null ? (
                `${invoice.orderNumber} · ${invoice.orderName}`
              ) : (
                // A sales order's lines carry what the 专票 prints (规格型号, 单位, 数量, 税率, 税收分类编码).
                <Link to={withQuery(paths.adminSalesOrders, { id: invoice.salesOrderId })}>
                  销售订单 {invoice.orderNumber} · {invoice.orderName}（查看开票明细）
                </Link>
              ),
          },
          { key: 'amount', label: '开票金额', children: formatFen(invoice.amountFen) },
          { key: 'type', label: '发票类型', children: invoiceTypeLabels[t.type] },
          { key: 'name', label: '抬头', children: t.name },
          {
            key: 'tax',
            label: '纳税人识别号',
            children: t.taxId ? (
              <>
                {t.taxId} {invoice.taxIdChecked ? null : <Tag color="red">未通过校验</Tag>}
              </>
            ) : (
              '—'
            ),
          },
          { key: 'address', label: '地址电话', children: t.addressPhone ?? '—' },
          { key: 'bank', label: '开户行及账号', children: t.bankAccount ?? '—' },
          { key: 'email', label: '接收邮箱', children: t.email },
          { key: 'number', label: '发票号码', children: invoice.invoiceNumber ?? '—' },
          { key: 'reason', label: '驳回 / 红冲原因', children: invoice.rejectReason ?? '—' },
        ]}
      />
      {canWrite && invoice.status === 'requested' ? (
        <section className="order-detail__action" aria-label="开具发票">
          <h3 className="order-detail__title">开具发票</h3>
          <Upload
            accept="application/pdf,.ofd"
            showUploadList={false}
            customRequest={({ file }) =>
              upload.mutate(
                { id: invoice.id, file: file as File },
                {
                  onSuccess: () => toast.success('发票文件已上传'),
                  onError: (error) => toast.error(errorMessage(error, '上传失败')),
                },
              )
            }
          >
            <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
              {invoice.hasFile ? '重新上传发票文件' : '上传发票文件（PDF 或 OFD）'}
            </Button>
          </Upload>
          {invoice.hasFile ? <span className="staff-desk__muted"> 已上传</span> : null}
          <FormError className="form-alert" message={formError} />
          <Form
            form={form}
            layout="vertical"
            onFinish={onFinish}
            initialValues={{ taxId: t.taxId ?? undefined }}
            className="order-detail__form"
          >
            <Form.Item name="invoiceNumber" label="发票号码" rules={[{ required: true, message: '请填写发票号码' }]}>
              <Input maxLength={20} />
            </Form.Item>
            {t.taxId ? (
              <Form.Item name="taxId" label="纳税人识别号（如需更正）" extra="更正后不做校验位检查，请与买家核对">
                <Input maxLength={20} />
              </Form.Item>
            ) : null}
            <Button type="primary" htmlType="submit" loading={pending} disabled={!invoice.hasFile}>
              开具
            </Button>
          </Form>
        </section>
      ) : null}
      {canWrite && (invoice.status === 'requested' || invoice.status === 'issued') ? (
        <section className="order-detail__action" aria-label={invoice.status === 'requested' ? '驳回' : '红冲'}>
          <h3 className="order-detail__title">{invoice.status === 'requested' ? '驳回申请' : '红冲'}</h3>
          <Input.TextArea
            aria-label="原因"
            placeholder="原因（买家会在通知中看到）"
            maxLength={200}
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button
            danger
            className="order-detail__refund"
            disabled={reason.trim().length < 2}
            loading={decide.isPending}
            onClick={() => act(invoice.status === 'requested' ? 'reject' : 'reverse')}
          >
            {invoice.status === 'requested' ? '驳回' : '标记红冲'}
          </Button>
        </section>
      ) : null}
    </div>
  );
}

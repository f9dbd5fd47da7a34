import { DownloadOutlined } from '@ant-design/icons';
import type { AdminQuote, Quote, QuoteEvent, QuoteLine, QuoteMessageBody, QuoteRevision } from '@fuliaotong/contracts';
import { formatFen, quoteEventLabels, quotePurposeLabels } from '@fuliaotong/contracts/constants';
import { Button, Collapse, Descriptions, Form, Input, type DescriptionsProps } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../components/data-table';
import { RecordCards } from '../../components/record-cards';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm, type FormMutation } from '../../lib/mutation-form';
import { amountOfText, dayText, paymentText, requestSpecText } from './quote-rules';
import { DangerousGoodsTag } from './quote-status';
import './quote.css';

/* The parts of a price request both sides read: what was asked, the quote's revisions, the thread. */

const timeText = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** What was asked: the products, where and when, what for, who asks. `extra` adds the desk's facts. */
export function RequestFacts({
  quote,
  sampleHref,
  extra = [],
}: {
  quote: Quote | AdminQuote;
  /** Where the sample application the request came from is opened. */
  sampleHref: (id: number) => string;
  extra?: NonNullable<DescriptionsProps['items']>;
}) {
  return (
    <>
      <ul className="quote-asked" aria-label="询价产品">
        {quote.lines.map((line) => (
          <li key={line.id} className="quote-asked__line">
            <span className="quote-asked__name">{line.productName}</span>
            <span className="quote-asked__spec">{requestSpecText(line)}</span>
            <span className="quote-asked__quantity">{amountOfText(line.quantity, line.unit)}</span>
          </li>
        ))}
      </ul>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        className="quote-facts"
        items={[
          { key: 'city', label: '收货城市', children: quote.deliveryCity },
          { key: 'date', label: '需求日期', children: quote.requiredDate },
          { key: 'purpose', label: '用途', children: quotePurposeLabels[quote.purpose] },
          { key: 'contact', label: '联系人', children: `${quote.contactName} ${quote.contactPhone}` },
          { key: 'company', label: '企业', children: quote.company?.name ?? '个人询价' },
          {
            key: 'sample',
            label: '样品申请',
            children: quote.sampleApplication ? (
              <Link to={sampleHref(quote.sampleApplication.id)}>{quote.sampleApplication.number}</Link>
            ) : (
              '—'
            ),
          },
          ...extra,
          { key: 'created', label: '询价时间', children: timeText(quote.createdAt) },
          ...(quote.remark ? [{ key: 'remark', label: '备注', span: 'filled' as const, children: <span className="quote-text">{quote.remark}</span> }] : []),
        ]}
      />
    </>
  );
}

/** 下载 PDF of one revision: the file is fetched with the session's token (docs/decisions/0044). */
export function PdfButton({ revision, download }: { revision: QuoteRevision; download: (revision: QuoteRevision) => Promise<boolean> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      icon={<DownloadOutlined aria-hidden />}
      loading={busy}
      aria-label={`下载报价单 ${revision.number} 的 PDF`}
      onClick={() => {
        setBusy(true);
        void download(revision).finally(() => setBusy(false));
      }}
    >
      下载 PDF
    </Button>
  );
}

/** The product cell: its name, the 危险化学品 tag with the transport terms, the line's remark. */
function ProductCell({ line }: { line: QuoteLine }) {
  return (
    <div className="quote-product">
      <span className="quote-product__name">
        {line.productName}
        {line.dangerousGoods ? <DangerousGoodsTag /> : null}
      </span>
      {line.dangerousGoods ? <span className="quote-product__hazard">运输条款：{line.dangerousGoods}</span> : null}
      {line.remark ? <span className="quote-product__remark">{line.remark}</span> : null}
    </div>
  );
}

const unitPriceText = (line: QuoteLine) => `${formatFen(line.unitPriceFen)}/${line.unit}`;

const lineColumns: Array<DataColumn<QuoteLine>> = [
  { key: 'product', title: '产品', width: 180, render: (line) => <ProductCell line={line} /> },
  { key: 'spec', title: '规格型号', width: 130 },
  { key: 'quantity', title: '数量', align: 'right', render: (line) => amountOfText(line.quantity, line.unit) },
  { key: 'unitPrice', title: '含税单价', align: 'right', render: (line) => unitPriceText(line) },
  { key: 'taxRate', title: '税率', align: 'right', render: (line) => `${line.taxRate}%` },
  { key: 'amountFen', title: '金额', align: 'right', render: (line) => <strong>{formatFen(line.amountFen)}</strong> },
  { key: 'moq', title: '起订量', align: 'right', render: (line) => amountOfText(line.moq, line.unit) },
  { key: 'leadTimeDays', title: '交货期', align: 'right', render: (line) => `${line.leadTimeDays} 天` },
];

/**
 * One revision of the quote: its lines (a table on wide screens, a card per line on phones), the total
 * with the VAT in it, and its terms; 下载 PDF in its head.
 */
export function RevisionView({
  revision,
  download,
  title,
}: {
  revision: QuoteRevision;
  download: (revision: QuoteRevision) => Promise<boolean>;
  /** The head's title (the newest quote's page names it 最新报价). */
  title?: ReactNode;
}) {
  return (
    <div className="quote-revision" aria-label={`报价单 ${revision.number}`} role="group">
      <div className="quote-revision__head">
        <div>
          {title ?? null}
          <div className="quote-revision__number">
            报价单 {revision.number} · 第 {revision.revision} 版
          </div>
          <div className="quote-revision__meta">
            {revision.quotedBy} 于 {timeText(revision.createdAt)} 报价 · 有效期至 {revision.validUntil}
          </div>
        </div>
        <PdfButton revision={revision} download={download} />
      </div>
      <section className="table-scroll records-table quote-lines">
        <DataTable<QuoteLine>
          label={`报价单 ${revision.number} 的产品`}
          rows={revision.lines}
          rowKey={(line) => line.id}
          empty="报价单没有产品"
          columns={lineColumns}
          minWidth={860}
        />
      </section>
      <RecordCards
        label={`报价单 ${revision.number} 的产品`}
        empty="报价单没有产品"
        items={revision.lines.map((line) => ({
          key: line.id,
          name: line.productName,
          tag: line.dangerousGoods ? <DangerousGoodsTag /> : undefined,
          code: line.spec,
          lines: [
            `${amountOfText(line.quantity, line.unit)} × ${unitPriceText(line)}（含税，税率 ${line.taxRate}%）`,
            <strong key="amount">金额 {formatFen(line.amountFen)}</strong>,
            `起订量 ${amountOfText(line.moq, line.unit)} · 交货期 ${line.leadTimeDays} 天`,
            ...(line.dangerousGoods ? [<span key="hazard" className="quote-product__hazard">运输条款：{line.dangerousGoods}</span>] : []),
          ],
          meta: line.remark || undefined,
        }))}
      />
      <dl className="quote-total">
        <div>
          <dt>合计（含税）</dt>
          <dd className="quote-total__amount">{formatFen(revision.totalFen)}</dd>
        </div>
        <div>
          <dt>其中税额</dt>
          <dd>{formatFen(revision.taxFen)}</dd>
        </div>
      </dl>
      <Descriptions
        size="small"
        column={1}
        className="quote-terms"
        items={[
          { key: 'payment', label: '付款方式', children: paymentText(revision) },
          { key: 'delivery', label: '交货条款', children: revision.deliveryTerms },
          { key: 'valid', label: '有效期至', children: `${revision.validUntil}（含当日）` },
          ...(revision.remark ? [{ key: 'remark', label: '备注', children: <span className="quote-text">{revision.remark}</span> }] : []),
        ]}
      />
    </div>
  );
}

/** The revisions before the newest, collapsed: one line each (number, total, date), opened to read it. */
export function EarlierRevisions({
  revisions,
  download,
}: {
  revisions: QuoteRevision[];
  download: (revision: QuoteRevision) => Promise<boolean>;
}) {
  if (revisions.length === 0) return null;
  return (
    <Collapse
      className="quote-earlier"
      size="small"
      items={revisions.map((revision) => ({
        key: revision.id,
        label: `第 ${revision.revision} 版 · ${revision.number} · ${formatFen(revision.totalFen)} · ${dayText(revision.createdAt)}`,
        children: <RevisionView revision={revision} download={download} />,
      }))}
    />
  );
}

const sideLabels: Record<QuoteEvent['side'], string> = { buyer: '询价方', staff: '销售', system: '' };

/** The thread: who did what when, with what they wrote, oldest first. */
export function QuoteThread({ events }: { events: QuoteEvent[] }) {
  if (events.length === 0) return <p className="muted">暂无往来记录。</p>;
  return (
    <ol className="quote-thread" aria-label="往来记录">
      {events.map((event) => (
        <li key={event.id} className={`quote-thread__item quote-thread__item--${event.side}`}>
          <div className="quote-thread__head">
            <strong className="quote-thread__who">{event.name}</strong>
            {sideLabels[event.side] ? <span className="quote-thread__side">{sideLabels[event.side]}</span> : null}
            <span className="quote-thread__what">
              {quoteEventLabels[event.kind]}
              {event.revision ? `（第 ${event.revision} 版）` : ''}
            </span>
            <time className="quote-thread__when" dateTime={event.createdAt}>
              {timeText(event.createdAt)}
            </time>
          </div>
          {event.message ? <p className="quote-thread__message">{event.message}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** 留言: a message to the other side, checked as the server checks it. */
export function MessageForm<Result>({
  mutation,
  placeholder,
}: {
  mutation: FormMutation<QuoteMessageBody, Result>;
  placeholder: string;
}) {
  const { form, onFinish, formError, pending } = useMutationForm(mutation, {
    variables: (values: QuoteMessageBody) => ({ message: values.message.trim() }),
    fields: ['message'],
    success: '留言已发送',
    onSuccess: () => form.resetFields(),
  });
  return (
    <>
      <FormError className="form-alert" message={formError} />
      <Form<QuoteMessageBody> form={form} name="quote-message" layout="vertical" onFinish={onFinish} className="quote-message" aria-label="留言">
        <Form.Item
          name="message"
          label="留言"
          rules={[{ required: true, whitespace: true, message: '请填写留言' }, schemaRule((s) => s.QuoteMessageBody.shape.message)]}
        >
          <Input.TextArea rows={2} maxLength={500} showCount placeholder={placeholder} />
        </Form.Item>
        <Button htmlType="submit" loading={pending}>
          发送留言
        </Button>
      </Form>
    </>
  );
}

import type { AdminChangeNotice, ChangeNoticeInput, ChangeNoticeReport } from '@fuliaotong/contracts';
import {
  CHANGE_IMPACT_LEVELS,
  CHANGE_NOTICE_KINDS,
  CHANGE_NOTICE_REMINDER_DAYS,
  changeImpactLevelLabels,
  changeNoticeKindLabels,
  changeNoticeReasonLabels,
  type ChangeImpactLevelName,
  type ChangeNoticeKindName,
} from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Popconfirm, Select, Table, Tag } from 'antd';
import { PdfUploadButton } from '../staff/desk/pdf-upload';
import { useState } from 'react';
import { toast } from '../../components/toast';
import {
  changeNoticeReportQuery,
  downloadStaffChangeDocument,
  useCreateChangeNotice,
  usePublishChangeNotice,
  useRemindChangeNotice,
  useUpdateChangeNotice,
  useUploadChangeDocument,
  useWithdrawChangeNotice,
} from './change-notice-api';
import { ChangeNoticeFacts, ChangeNoticeStatusTag } from './change-notice-view';
import './change-notice.css';
import { ProductSelect } from '../quote/quote-request-form';
import { timeText } from '../../lib/time-text';
import { useDeskWrites } from '../staff/desk-access';
import { FormError, useMutationForm } from '../../lib/mutation-form';

interface NoticeValues {
  excipientId: number;
  kind: ChangeNoticeKindName;
  title: string;
  description: string;
  impactLevel: ChangeImpactLevelName;
  impact: string;
  effectiveOn: string;
  reminderAfterDays: number;
}

const FIELDS = ['excipientId', 'kind', 'title', 'description', 'impactLevel', 'impact', 'effectiveOn', 'reminderAfterDays'] as const;

/** The draft's form: new, or a draft's fields (its documents stay). */
export function NoticeForm({ notice, onSaved }: { notice?: AdminChangeNotice; onSaved?: (id: number) => void }) {
  const create = useCreateChangeNotice();
  const update = useUpdateChangeNotice(notice?.id ?? 0);
  const save = useMutationForm(notice ? update : create, {
    variables: (values: NoticeValues): ChangeNoticeInput => ({ ...values }),
    fields: [...FIELDS],
    success: (saved) => {
      onSaved?.(saved.id);
      return notice ? '草稿已保存' : `已创建草稿 ${saved.number}`;
    },
  });
  return (
    <>
      <FormError className="form-alert" message={save.formError} />
      <Form<NoticeValues>
        form={save.form}
        name="change-notice"
        layout="vertical"
        onFinish={save.onFinish}
        aria-label={notice ? '修改变更通知' : '新建变更通知'}
        initialValues={
          notice
            ? { ...notice, excipientId: notice.excipient.id ?? undefined }
            : {
                kind: 'packaging',
                impactLevel: 'minor',
                reminderAfterDays: CHANGE_NOTICE_REMINDER_DAYS,
              }
        }
      >
        <Form.Item name="excipientId" label="产品" rules={[{ required: true, message: '请选择产品' }]}>
          <ProductSelect label="产品" />
        </Form.Item>
        <Form.Item name="kind" label="变更类别" rules={[{ required: true }]}>
          <Select
            aria-label="变更类别"
            options={CHANGE_NOTICE_KINDS.map((kind) => ({
              value: kind,
              label: changeNoticeKindLabels[kind],
            }))}
          />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="description" label="变更内容" rules={[{ required: true, whitespace: true, message: '请填写变更内容' }]}>
          <Input.TextArea rows={4} maxLength={4000} />
        </Form.Item>
        <Form.Item name="impactLevel" label="变更分类（《药品上市后变更管理办法（试行）》）" rules={[{ required: true }]}>
          <Select
            aria-label="变更分类"
            options={CHANGE_IMPACT_LEVELS.map((level) => ({
              value: level,
              label: changeImpactLevelLabels[level],
            }))}
          />
        </Form.Item>
        <Form.Item name="impact" label="影响评估" rules={[{ required: true, whitespace: true, message: '请填写影响评估' }]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item
          name="effectiveOn"
          label="生效日期"
          rules={[
            {
              required: true,
              pattern: /^\d{4}-\d{2}-\d{2}$/,
              message: '请按 YYYY-MM-DD 填写生效日期',
            },
          ]}
        >
          <Input maxLength={10} placeholder="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item name="reminderAfterDays" label="未确认提醒（发布后天数）" rules={[{ required: true, message: '请填写提醒天数' }]}>
          <InputNumber min={1} max={180} aria-label="未确认提醒天数" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.pending}>
          {notice ? '保存草稿' : '创建草稿'}
        </Button>
      </Form>
    </>
  );
}

export function NoticeDetail({ notice }: { notice: AdminChangeNotice }) {
  const { canWrite, needs } = useDeskWrites();
  return (
    <div className="change-notice-desk">
      <p className="change-notice-actions">
        <ChangeNoticeStatusTag status={notice.status} />
        {notice.publishedAt ? <span>发布于 {timeText(notice.publishedAt)}</span> : null}
        {notice.withdrawReason ? <span>撤回原因：{notice.withdrawReason}</span> : null}
      </p>
      {notice.status === 'draft' && canWrite ? (
        <>
          <NoticeForm notice={notice} />
          <Documents notice={notice} />
          <Publish notice={notice} />
        </>
      ) : (
        <>
          <ChangeNoticeFacts
            notice={notice}
            extra={[
              { key: 'by', label: '创建人', children: notice.createdBy },
              {
                key: 'remind',
                label: '未确认提醒',
                children: `发布后 ${notice.reminderAfterDays} 天`,
              },
            ]}
          />
          <Documents notice={notice} />
          {!canWrite ? <Alert type="info" showIcon title={`您可以查看此通知；发布、提醒与撤回需要${needs}角色。`} /> : null}
        </>
      )}
      {notice.status !== 'draft' ? <Acknowledgements notice={notice} canWrite={canWrite} /> : null}
      {notice.status === 'published' && canWrite ? <Withdraw notice={notice} /> : null}
    </div>
  );
}

function Documents({ notice }: { notice: AdminChangeNotice }) {
  const { canWrite } = useDeskWrites();
  const upload = useUploadChangeDocument(notice.id);
  return (
    <section className="change-notice-section" aria-labelledby="notice-documents-title">
      <h3 id="notice-documents-title">附件</h3>
      {notice.documents.length === 0 ? <p className="change-notice-muted">没有附件。</p> : null}
      <ul className="change-notice-documents">
        {notice.documents.map((document) => (
          <li key={document.n}>
            <Button size="small" onClick={() => void downloadStaffChangeDocument(notice, document)}>
              {document.name}
            </Button>
          </li>
        ))}
      </ul>
      {notice.status === 'draft' && canWrite ? (
        <PdfUploadButton upload={upload} success="附件已上传" className="change-notice-section">
          上传 PDF 附件
        </PdfUploadButton>
      ) : null}
    </section>
  );
}

function Publish({ notice }: { notice: AdminChangeNotice }) {
  const publish = usePublishChangeNotice(notice.id);
  return (
    <section className="change-notice-section" aria-labelledby="notice-publish-title">
      <h3 id="notice-publish-title">发布</h3>
      <p className="change-notice-muted">
        发布后，申请过样品、询过价、采购过、收藏了该产品或持有其授权使用书的用户，以及其企业的管理员、质量与采购成员，会收到站内通知，并按各自的设置收到短信或邮件。发布后不能修改。
      </p>
      <Popconfirm
        title="发布这条变更通知？"
        okText="发布"
        cancelText="取消"
        onConfirm={() =>
          publish
            .mutateAsync()
            .then((saved) => toast.success(`已发布，通知 ${saved.counts.recipients} 人`))
            .catch((error: unknown) => toast.error(errorMessage(error, '发布失败，请稍后重试')))
        }
      >
        <Button type="primary" loading={publish.isPending}>
          发布
        </Button>
      </Popconfirm>
    </section>
  );
}

function Acknowledgements({ notice, canWrite }: { notice: AdminChangeNotice; canWrite: boolean }) {
  const report = useQuery(changeNoticeReportQuery(notice.id));
  const remind = useRemindChangeNotice(notice.id);
  const data: ChangeNoticeReport | undefined = report.data;
  return (
    <section className="change-notice-section" aria-labelledby="notice-report-title">
      <h3 id="notice-report-title">确认情况</h3>
      {data ? (
        <p className="change-notice-actions">
          <span>
            已确认 {data.counts.acknowledged} / {data.counts.recipients} 人，已提醒 {data.counts.reminded} 人
          </span>
          {notice.status === 'published' && canWrite && data.counts.acknowledged < data.counts.recipients ? (
            <Button
              size="small"
              loading={remind.isPending}
              onClick={() =>
                remind
                  .mutateAsync()
                  .then((result) => toast.success(`已提醒 ${result.reminded} 人`))
                  .catch((error: unknown) => toast.error(errorMessage(error, '提醒失败，请稍后重试')))
              }
            >
              提醒未确认的人
            </Button>
          ) : null}
        </p>
      ) : null}
      {data && data.companies.length === 0 ? <p className="change-notice-muted">这条通知没有收件人。</p> : null}
      {data?.companies.map((company) => (
        <div className="change-notice-company" key={company.companyId ?? 'none'}>
          <h4>
            {company.company}（已确认 {company.acknowledged} / {company.recipients.length}）
          </h4>
          <Table
            size="small"
            rowKey="userId"
            pagination={false}
            scroll={{ x: 600 }}
            dataSource={company.recipients}
            columns={[
              {
                title: '收件人',
                key: 'who',
                render: (_, row) => `${row.name}（${row.account}）`,
              },
              {
                title: '原因',
                key: 'reasons',
                render: (_, row) => row.reasons.map((reason) => changeNoticeReasonLabels[reason]).join('、'),
              },
              {
                title: '确认',
                key: 'ack',
                render: (_, row) =>
                  row.acknowledgedAt ? <Tag color="green">已确认 {timeText(row.acknowledgedAt)}</Tag> : <Tag color="orange">未确认</Tag>,
              },
              {
                title: '提醒',
                key: 'reminded',
                render: (_, row) => (row.remindedAt ? timeText(row.remindedAt) : '—'),
              },
            ]}
          />
        </div>
      ))}
    </section>
  );
}

function Withdraw({ notice }: { notice: AdminChangeNotice }) {
  const [open, setOpen] = useState(false);
  const withdraw = useMutationForm(useWithdrawChangeNotice(notice.id), {
    variables: (values: { reason: string }) => values,
    fields: ['reason'],
    success: '已撤回，已通知收件人',
  });
  return (
    <section className="change-notice-section">
      <Button danger onClick={() => setOpen(!open)}>
        撤回通知
      </Button>
      {open ? (
        <Form<{ reason: string }>
          form={withdraw.form}
          name="change-notice-withdraw"
          layout="vertical"
          onFinish={withdraw.onFinish}
          aria-label="撤回变更通知"
          className="change-notice-section"
        >
          <FormError className="form-alert" message={withdraw.formError} />
          <Form.Item name="reason" label="撤回原因" rules={[{ required: true, whitespace: true, message: '请填写撤回原因' }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Button danger htmlType="submit" loading={withdraw.pending}>
            确认撤回
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

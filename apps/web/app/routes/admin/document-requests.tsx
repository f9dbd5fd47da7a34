import type { AdminDocumentRequest, DocumentRequest, DocumentRequestState } from '@fuliaotong/contracts';
import { DOCUMENT_REQUEST_STATES, documentCopyLabels, documentRequestKindLabels, documentRequestStateLabels, paths } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Form, Input, Table } from 'antd';
import { PdfUploadButton } from '../../features/staff/desk/pdf-upload';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  ADMIN_DOCUMENT_REQUESTS_PAGE_SIZE,
  adminConfidentialityQuery,
  adminDocumentRequestQuery,
  adminDocumentRequestsQuery,
  downloadStaffDocument,
  useApproveDocumentRequest,
  usePublishConfidentiality,
  useRefuseDocumentRequest,
  useUploadDocument,
} from '../../features/document-request/document-request-api';
import { DocumentRequestFacts, DocumentRequestStatusTag } from '../../features/document-request/document-request-view';
import '../../features/document-request/document-request.css';
import { timeText } from '../../lib/time-text';
import { useDeskWrites } from '../../features/staff/desk-access';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer, DeskItem } from '../../features/staff/desk/desk-drawer';
import { DeskChoice, DeskSearch } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

export function meta() {
  return pageMeta(paths.adminDocumentRequests);
}

/**
 * The 资料申请 desk of the quality staff: requests waiting first; open one to check the signed 保密协议,
 * upload the document (or let the letter of authorization be written from the template), approve or
 * refuse; every download is listed. The 保密协议 tab publishes new versions. Administrators read.
 */
export default function AdminDocumentRequestsPage() {
  const { searchParams, keyword, page, openId, go } = useDeskQuery();
  const tab = searchParams.get('tab') === 'agreement' ? 'agreement' : 'requests';
  const status = paramOf(searchParams.get('status'), DOCUMENT_REQUEST_STATES);
  const list = useQuery(adminDocumentRequestsQuery({ status, keyword: keyword || undefined, page }));
  const counts = list.data?.countsByStatus;
  const countText = (state: DocumentRequestState) => (counts ? ` ${counts[state] ?? 0}` : '');
  const columns: ColumnsType<DocumentRequest> = [
    {
      title: '申请编号',
      dataIndex: 'number',
      render: (number: string, row) => (
        <DeskLink onClick={() => go({ id: row.id })} label={`查看资料申请 ${number}`}>
          <span className="sales-order-number">{number}</span>
        </DeskLink>
      ),
    },
    { title: '企业 / 申请人', key: 'who', render: (_, row) => `${row.company} · ${row.requester}` },
    { title: '资料', key: 'kind', render: (_, row) => documentRequestKindLabels[row.kind] },
    { title: '产品', key: 'product', render: (_, row) => row.excipient.name },
    { title: '状态', dataIndex: 'status', render: (s: DocumentRequestState) => <DocumentRequestStatusTag status={s} /> },
    { title: '申请时间', dataIndex: 'createdAt', render: (at: string) => timeText(at) },
  ];
  return (
    <Desk
      path={paths.adminDocumentRequests}
      refresh={list}
      filters={
        <>
          <DeskChoice
            label="视图"
            param="tab"
            value={tab}
            options={[
              { label: '资料申请', value: 'requests' },
              { label: '保密协议', value: 'agreement' },
            ]}
            also={{ id: null, status: null }}
          />
          {tab === 'requests' ? (
            <>
              <DeskChoice
                label="申请状态"
                param="status"
                value={status ?? 'all'}
                options={[{ label: '全部', value: 'all' }, ...DOCUMENT_REQUEST_STATES.map((s) => ({ label: `${documentRequestStateLabels[s]}${countText(s)}`, value: s }))]}
                also={{ id: null }}
              />
              <DeskSearch label="搜索资料申请" placeholder="申请编号、企业或产品" />
            </>
          ) : null}
        </>
      }
      editor={<RequestDrawer id={typeof openId === 'number' ? openId : undefined} onClose={() => go({ id: null })} />}
    >
      {tab === 'agreement' ? (
        <AgreementVersions />
      ) : (
        <DeskTable
          list={list}
          columns={columns}
          errorTitle="资料申请加载失败"
          scrollX={900}
          noun={status ? `${documentRequestStateLabels[status]}的资料申请` : '资料申请'}
          paging={{ pageSize: ADMIN_DOCUMENT_REQUESTS_PAGE_SIZE, unit: '个' }}
        />
      )}
    </Desk>
  );
}

function RequestDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const request = useQuery({ ...adminDocumentRequestQuery(id ?? 0), enabled: id !== undefined });
  return (
    <DeskDrawer open={id !== undefined} onClose={onClose} title={request.data ? `资料申请 ${request.data.number}` : '资料申请'} width={880}>
      <DeskItem item={request} errorTitle="资料申请加载失败">
        {(data) => <RequestDetail request={data} />}
      </DeskItem>
    </DeskDrawer>
  );
}

function RequestDetail({ request }: { request: AdminDocumentRequest }) {
  const { canWrite, needs } = useDeskWrites();
  return (
    <div className="document-request-desk">
      <p>
        <DocumentRequestStatusTag status={request.status} />
        {request.refuseReason ? <span>驳回原因：{request.refuseReason}</span> : null}
        {request.decisionNote ? <span>说明：{request.decisionNote}</span> : null}
      </p>
      <DocumentRequestFacts
        request={request}
        extra={[
          { key: 'account', label: '申请人账号', children: request.requesterAccount },
          { key: 'regNos', label: '产品登记号', children: request.registrationNumbers.join('、') || '—' },
        ]}
      />
      <section className="document-request-section" aria-labelledby="desk-agreement-title">
        <h3 id="desk-agreement-title">签署的保密协议</h3>
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'version', label: '版本', children: `第 ${request.agreement.version} 版` },
            { key: 'signer', label: '签署人', children: `${request.agreement.signer}（用户 ${request.agreement.signerId}）` },
            { key: 'company', label: '企业', children: request.agreement.company },
            { key: 'at', label: '签署时间', children: timeText(request.agreement.acceptedAt) },
            { key: 'ip', label: 'IP 地址', children: request.agreement.ip },
          ]}
        />
      </section>
      <section className="document-request-section" aria-labelledby="desk-file-title">
        <h3 id="desk-file-title">文件</h3>
        {request.staffFile ? (
          <p>
            {request.staffFile.generated ? '按模板生成的授权使用书' : '已上传的 PDF'}
            {request.staffFile.sealed ? '（电子签章）' : ''}{' '}
            <Button size="small" onClick={() => void downloadStaffDocument(request)}>
              查看原件
            </Button>
          </p>
        ) : (
          <p className="document-request-muted">{request.kind === 'audit' ? '现场审计无需文件。' : request.kind === 'authorization' ? '未上传：批准时将按模板生成授权使用书。' : '尚未上传。'}</p>
        )}
      </section>
      {request.status === 'pending' ? (
        canWrite ? (
          <Decide request={request} />
        ) : (
          <Alert type="info" showIcon title={`您可以查看此申请；办理需要${needs}角色。`} />
        )
      ) : null}
      <section className="document-request-section" aria-labelledby="desk-downloads-title">
        <h3 id="desk-downloads-title">下载记录</h3>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 560 }}
          dataSource={request.downloads}
          locale={{ emptyText: '还没有下载' }}
          columns={[
            { title: '时间', dataIndex: 'at', render: (at: string) => timeText(at) },
            { title: '下载人', key: 'who', render: (_, row) => `${row.who}（${row.account}）` },
            { title: 'IP', dataIndex: 'ip' },
            { title: '文件', dataIndex: 'copy', render: (copy: keyof typeof documentCopyLabels) => documentCopyLabels[copy] },
          ]}
        />
      </section>
    </div>
  );
}

interface ApproveValues {
  validUntil?: string;
  sealed?: boolean;
  note?: string;
}

/** Upload, approve (with the access's last day, the seal, a note) or refuse with a reason. */
function Decide({ request }: { request: AdminDocumentRequest }) {
  const upload = useUploadDocument(request.id);
  const approve = useMutationForm(useApproveDocumentRequest(request.id), {
    variables: (values: ApproveValues) => ({ validUntil: values.validUntil || undefined, sealed: values.sealed ?? false, note: values.note || undefined }),
    fields: ['validUntil', 'sealed', 'note'],
    success: '已批准，已通知申请企业',
  });
  const refuse = useMutationForm(useRefuseDocumentRequest(request.id), {
    variables: (values: { reason: string }) => values,
    fields: ['reason'],
    success: '已驳回，已通知申请企业',
  });
  const [refusing, setRefusing] = useState(false);
  return (
    <section className="document-request-section" aria-labelledby="desk-decide-title">
      <h3 id="desk-decide-title">审核</h3>
      {request.kind !== 'audit' ? (
        <PdfUploadButton upload={upload} success="文件已上传">
          {request.staffFile ? '重新上传 PDF' : '上传 PDF'}
        </PdfUploadButton>
      ) : null}
      <FormError className="form-alert" message={approve.formError} />
      <Form<ApproveValues> form={approve.form} name="document-approve" layout="vertical" onFinish={approve.onFinish} aria-label="批准" className="document-request-section">
        {request.kind !== 'audit' ? (
          <>
            <Form.Item name="validUntil" label="查阅期限至（默认一年）" rules={[{ pattern: /^\d{4}-\d{2}-\d{2}$/, message: '日期格式应为 YYYY-MM-DD' }]}>
              <Input placeholder="YYYY-MM-DD，留空为批准之日起一年" maxLength={10} />
            </Form.Item>
            {request.staffFile && !request.staffFile.generated ? (
              <Form.Item name="sealed" valuePropName="checked">
                <Checkbox>文件带电子签章（原件不加水印另行提供）</Checkbox>
              </Form.Item>
            ) : null}
          </>
        ) : null}
        <Form.Item name="note" label={request.kind === 'audit' ? '审计安排（确认的日期与安排）' : '说明（选填）'} rules={request.kind === 'audit' ? [{ required: true, whitespace: true, message: '请写明确认的审计日期与安排' }] : []}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <div className="document-request-actions">
          <Button type="primary" htmlType="submit" loading={approve.pending}>
            {request.kind === 'authorization' && !request.staffFile ? '按模板生成并批准' : '批准'}
          </Button>
          <Button danger onClick={() => setRefusing(!refusing)}>
            驳回
          </Button>
        </div>
      </Form>
      {refusing ? (
        <Form<{ reason: string }> form={refuse.form} name="document-refuse" layout="vertical" onFinish={refuse.onFinish} aria-label="驳回">
          <FormError className="form-alert" message={refuse.formError} />
          <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请写明驳回原因' }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Button danger htmlType="submit" loading={refuse.pending}>
            确认驳回
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

interface PublishValues {
  title: string;
  body: string;
  effectiveOn: string;
}

/** The agreement's versions, and a form to publish the next one (its number follows). */
function AgreementVersions() {
  const versions = useQuery(adminConfidentialityQuery());
  const { canWrite, needs } = useDeskWrites();
  const current = versions.data?.items[0];
  const publish = useMutationForm(usePublishConfidentiality(), {
    variables: (values: PublishValues) => values,
    fields: ['title', 'body', 'effectiveOn'],
    success: (agreement) => `已发布第 ${agreement.version} 版；成员再次申请前须签署新版本`,
  });
  return (
    <div className="panel document-request-section">
      <Table
        size="small"
        rowKey="version"
        pagination={false}
        loading={versions.isPending}
        dataSource={versions.data?.items ?? []}
        columns={[
          { title: '版本', dataIndex: 'version', render: (v: number) => `第 ${v} 版` },
          { title: '标题', dataIndex: 'title' },
          { title: '生效日期', dataIndex: 'effectiveOn' },
          { title: '发布时间', dataIndex: 'publishedAt', render: (at: string) => timeText(at) },
          { title: '签署人数', dataIndex: 'acceptances' },
        ]}
      />
      {canWrite ? (
        <section className="document-request-section" aria-labelledby="publish-title">
          <h3 id="publish-title">发布新版本</h3>
          <FormError className="form-alert" message={publish.formError} />
          <Form<PublishValues>
            form={publish.form}
            name="confidentiality-publish"
            layout="vertical"
            onFinish={publish.onFinish}
            initialValues={current ? { title: current.title, body: current.body } : undefined}
            aria-label="发布保密协议新版本"
          >
            <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item name="effectiveOn" label="生效日期" rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: '请按 YYYY-MM-DD 填写生效日期' }]}>
              <Input maxLength={10} placeholder="YYYY-MM-DD" />
            </Form.Item>
            <Form.Item name="body" label="协议全文（纯文本，每段一行）" rules={[{ required: true, min: 20, message: '协议全文至少 20 个字' }]}>
              <Input.TextArea rows={12} maxLength={20000} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={publish.pending}>
              发布
            </Button>
          </Form>
        </section>
      ) : (
        <Alert className="document-request-section" type="info" showIcon title={`发布新版本需要${needs}角色。`} />
      )}
    </div>
  );
}

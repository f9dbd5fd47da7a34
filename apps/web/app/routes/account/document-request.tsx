import type { DocumentRequestBody, DocumentRequestKind } from '@fuliaotong/contracts';
import { DOCUMENT_REQUEST_KINDS, documentRequestKindHints, documentRequestKindLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/document-request';
import { Skeleton } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { confidentialityQuery, useCreateDocumentRequest } from '../../features/document-request/document-request-api';
import { ConfidentialityDialog } from '../../features/document-request/document-request-view';
import '../../features/document-request/document-request.css';
import { excipientQuery } from '../../features/excipient/excipient-api';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.documentRequestNew);
}

const excipientParam = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined);
const kindParam = (value: string | null): DocumentRequestKind => DOCUMENT_REQUEST_KINDS.find((kind) => kind === value) ?? 'authorization';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const excipient = excipientParam(new URL(request.url).searchParams.get('excipient'));
  return loadSignedInQueries((ensure) => [ensure(confidentialityQuery()), ...(excipient !== undefined ? [ensure(excipientQuery(excipient))] : [])]);
}

type Values = Omit<DocumentRequestBody, 'excipientId'>;
const FIELDS = ['kind', 'regNo', 'formulationName', 'applicant', 'auditDates', 'auditScope', 'note'] as const;

/** 申请注册资料: for a product, by a company's 质量 or 研发 member who signed the current 保密协议. */
export default function DocumentRequestPage() {
  const info = pageInfo(paths.documentRequestNew);
  const [params] = useSearchParams();
  const excipientId = excipientParam(params.get('excipient'));
  const agreement = useQuery(confidentialityQuery());
  const product = useQuery({ ...excipientQuery(excipientId ?? 0), enabled: excipientId !== undefined });
  const [signing, setSigning] = useState(false);
  const navigate = useNavigate();
  const { form, onFinish, formError, pending } = useMutationForm(useCreateDocumentRequest(), {
    variables: (values: Values) => ({ ...values, excipientId: excipientId ?? 0 }),
    fields: FIELDS,
    success: (request) => `已提交申请 ${request.number}，质量部门审核后会通知您`,
    onSuccess: (request) => void navigate(withQuery(paths.documentRequests, { id: request.id })),
  });
  const kind = Form.useWatch('kind', form) ?? kindParam(params.get('kind'));

  if (excipientId === undefined) {
    return (
      <div className="page">
        <PageHeading title={info.title} description={info.description} />
        <Alert type="info" showIcon title="请从产品页面的“技术资料”中选择要申请的产品。" action={<Link to={paths.excipients}>浏览产品</Link>} />
      </div>
    );
  }
  if (!agreement.data || !product.data) return <Skeleton rows={8} />;
  const data = agreement.data;
  const excipient = product.data;
  const regNos = excipient.registrations.map((registration) => registration.regNo);
  return (
    <div className="page document-request-new">
      <PageHeading title={info.title} description={`${excipient.nameZh}：${info.description}`} />
      {!data.canSign ? (
        <Alert
          type="warning"
          showIcon
          title={data.company ? '只有企业的质量或研发成员可以申请注册资料，请联系企业管理员为您设置角色。' : '注册资料以企业名义申请：请先创建或加入企业。'}
          action={<Link to={paths.company}>我的企业</Link>}
        />
      ) : !data.current ? (
        <Alert type="info" showIcon title="保密协议尚未发布，暂不能申请。" />
      ) : (
        <>
          {data.accepted ? (
            <Alert type="success" showIcon title={`已签署《${data.current.title}》（第 ${data.current.version} 版）`} />
          ) : (
            <Alert
              type="warning"
              showIcon
              title={`申请前请先阅读并签署《${data.current.title}》（第 ${data.current.version} 版）`}
              action={
                <Button type="primary" size="small" onClick={() => setSigning(true)}>
                  阅读并签署
                </Button>
              }
            />
          )}
          <ConfidentialityDialog open={signing} agreement={data} onClose={() => setSigning(false)} />
          <FormError className="form-alert" message={formError} />
          <Form<Values>
            form={form}
            name="document-request"
            layout="vertical"
            className="document-request-form document-request-section"
            onFinish={onFinish}
            initialValues={{ kind: kindParam(params.get('kind')), applicant: data.company ?? '', regNo: regNos[0] }}
            aria-label="申请注册资料"
          >
            <Form.Item name="kind" label="申请的资料" rules={[{ required: true }]}>
              <Radio.Group>
                {DOCUMENT_REQUEST_KINDS.map((value) => (
                  <Radio key={value} value={value} className="document-request-kind">
                    {documentRequestKindLabels[value]}
                    <span className="document-request-muted">（{documentRequestKindHints[value]}）</span>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            {kind === 'authorization' ? (
              <>
                <Form.Item name="regNo" label="引用的 CDE 登记号" rules={[{ required: true, message: '该产品暂无登记号' }]}>
                  <Select options={regNos.map((regNo) => ({ label: regNo, value: regNo }))} placeholder="该产品暂无登记号" />
                </Form.Item>
                <Form.Item name="formulationName" label="贵司的制剂产品名称" rules={[{ required: true, whitespace: true, message: '请填写贵司的制剂产品名称' }]}>
                  <Input maxLength={80} placeholder="如：二甲双胍缓释片" />
                </Form.Item>
                <Form.Item name="applicant" label="制剂注册申请人" rules={[{ required: true, whitespace: true, message: '请填写注册申请人' }]}>
                  <Input maxLength={80} />
                </Form.Item>
              </>
            ) : null}
            {kind === 'audit' ? (
              <>
                <Form.Item name="auditDates" label="拟定审计日期" rules={[{ required: true, whitespace: true, message: '请填写拟定的审计日期' }]}>
                  <Input maxLength={80} placeholder="如：2026-12-15 至 2026-12-16" />
                </Form.Item>
                <Form.Item name="auditScope" label="审计范围" rules={[{ required: true, whitespace: true, message: '请填写审计范围' }]}>
                  <Input.TextArea maxLength={500} rows={3} placeholder="如：生产车间、质量控制实验室、仓库" />
                </Form.Item>
              </>
            ) : null}
            <Form.Item name="note" label="备注">
              <Input.TextArea maxLength={500} rows={3} placeholder="用途、注册申报进度等（选填）" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={pending} disabled={!data.accepted}>
              提交申请
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}

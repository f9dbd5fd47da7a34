import type { DocumentRequest, DocumentRequestState, MyConfidentiality } from '@fuliaotong/contracts';
import { documentRequestKindLabels, documentRequestStateLabels } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { Alert, Button, Checkbox, Descriptions, Modal, Tag } from 'antd';
import { useState } from 'react';
import { toast } from '../../components/toast';
import { dayText } from '../quote/quote-rules';
import { downloadDocument, useSignConfidentiality } from './document-request-api';
import './document-request.css';

const stateColors: Record<DocumentRequestState, string> = { pending: 'gold', approved: 'green', refused: 'red', withdrawn: 'default', expired: 'default' };

/** 待审核 / 已批准 / 已驳回 / 已撤回 / 已过期. */
export function DocumentRequestStatusTag({ status }: { status: DocumentRequestState }) {
  return (
    <Tag color={stateColors[status]} data-status={status}>
      {documentRequestStateLabels[status]}
    </Tag>
  );
}

/** The request's facts: what, for which product, with the letter's or the audit's details. */
export function DocumentRequestFacts({ request, extra = [] }: { request: DocumentRequest; extra?: Array<{ key: string; label: string; children: React.ReactNode }> }) {
  const items = [
    { key: 'kind', label: '资料', children: documentRequestKindLabels[request.kind] },
    { key: 'product', label: '产品', children: request.excipient.name },
    ...(request.regNo ? [{ key: 'regNo', label: '登记号', children: request.regNo }] : []),
    ...(request.formulationName ? [{ key: 'formulation', label: '制剂名称', children: request.formulationName }] : []),
    ...(request.applicant ? [{ key: 'applicant', label: '注册申请人', children: request.applicant }] : []),
    ...(request.auditDates ? [{ key: 'auditDates', label: '拟审计日期', children: request.auditDates }] : []),
    ...(request.auditScope ? [{ key: 'auditScope', label: '审计范围', children: request.auditScope }] : []),
    ...(request.note ? [{ key: 'note', label: '备注', children: request.note }] : []),
    { key: 'company', label: '企业', children: request.company },
    { key: 'requester', label: '申请人', children: request.requester },
    { key: 'agreement', label: '保密协议', children: `第 ${request.agreementVersion} 版（申请时已签署）` },
    { key: 'created', label: '申请日期', children: dayText(request.createdAt) },
    ...(request.expiresAt ? [{ key: 'expires', label: '查阅期限', children: `至 ${dayText(new Date(Date.parse(request.expiresAt) - 1).toISOString())}` }] : []),
    ...extra,
  ];
  return <Descriptions className="document-request-facts" bordered size="small" column={1} items={items} />;
}

/** What the company is told of the decision. */
export function DecisionNote({ request }: { request: DocumentRequest }) {
  if (request.status === 'refused') return <Alert type="error" showIcon title={`未通过：${request.refuseReason ?? ''}`} />;
  if (request.status === 'expired') return <Alert type="warning" showIcon title="查阅期限已过，文件不能再下载；如需继续使用请重新申请。" />;
  if (request.status === 'pending') return <Alert type="info" showIcon title="质量部门审核中，批准后会以站内通知告诉您。" />;
  if (request.status === 'withdrawn') return <Alert type="info" showIcon title="申请已撤回。" />;
  return (
    <Alert
      type="success"
      showIcon
      title={request.decisionNote ? `已批准：${request.decisionNote}` : '已批准。下载的文件每页带有贵司名称、下载日期与申请编号水印，请按保密协议使用。'}
    />
  );
}

/** 下载 (the stamped copy) and, for a sealed document, 下载电子签章原件. */
export function DownloadButtons({ request }: { request: DocumentRequest }) {
  const [busy, setBusy] = useState<string>();
  if (!request.actions.download) return null;
  const get = (copy: 'watermarked' | 'original') => {
    setBusy(copy);
    void downloadDocument(request, copy).finally(() => setBusy(undefined));
  };
  return (
    <div className="document-request-downloads">
      <Button type="primary" loading={busy === 'watermarked'} onClick={() => get('watermarked')}>
        下载 PDF（水印版）
      </Button>
      {request.file?.sealed ? (
        <Button loading={busy === 'original'} onClick={() => get('original')}>
          下载电子签章原件
        </Button>
      ) : null}
    </div>
  );
}

/** The agreement's full text with a checkbox and 同意并签署: the click-wrap signature. */
export function ConfidentialityDialog({ open, agreement, onClose, onSigned }: { open: boolean; agreement: MyConfidentiality; onClose: () => void; onSigned?: () => void }) {
  const [agreed, setAgreed] = useState(false);
  const sign = useSignConfidentiality();
  const current = agreement.current;
  if (!current) return null;
  return (
    <Modal
      open={open}
      title={`${current.title}（第 ${current.version} 版）`}
      onCancel={onClose}
      width={720}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button
          key="sign"
          type="primary"
          disabled={!agreed}
          loading={sign.isPending}
          onClick={() =>
            void sign
              .mutateAsync(current.version)
              .then(() => {
                toast.success('已签署保密协议');
                onSigned?.();
                onClose();
              })
              .catch((error: unknown) => toast.error(errorMessage(error, '签署失败，请稍后重试')))
          }
        >
          同意并签署
        </Button>,
      ]}
    >
      <p className="document-request-muted">
        生效日期 {current.effectiveOn}。签署人：您本人，代表 {agreement.company ?? '贵司'}；网站将记录协议版本、签署人、企业、时间与 IP 地址。
      </p>
      <div className="confidentiality-text" tabIndex={0} role="document" aria-label="保密协议全文">
        {current.body.split('\n').map((line, index) => (
          <p key={index}>{line || '\u00a0'}</p>
        ))}
      </div>
      <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)}>
        我已阅读并同意《{current.title}》，并代表 {agreement.company ?? '贵司'} 签署
      </Checkbox>
    </Modal>
  );
}

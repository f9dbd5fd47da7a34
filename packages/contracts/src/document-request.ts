import { z } from 'zod';
import { IsoDate } from './access.js';
import { Id, PageQuery, pageOf } from './common.js';
import { CONFIDENTIALITY_TEXT_MAX, DOCUMENT_COPIES, DOCUMENT_REQUEST_KINDS, DOCUMENT_REQUEST_STATES } from './constants/document-request.js';
import { text } from './text.js';

/* ---------------------------------------------------------------------------------------------
 * Regulatory documents (注册资料) a company's quality or R&D staff ask for about a product — the
 * letter of authorization to reference the supplier's CDE registration (授权使用书), the quality
 * agreement, the IPEC EIP, the change history, an on-site audit — under a click-wrap confidentiality
 * agreement (保密协议) the staff publish in versions. Delivered documents download as PDFs stamped
 * with the company's name, the day and the request's number; an electronically sealed original is
 * delivered untouched besides its stamped copy. Never public: see the decision
 * docs/decisions/0069-document-requests-and-confidentiality.md.
 * ------------------------------------------------------------------------------------------- */

export const DocumentRequestKind = z.enum(DOCUMENT_REQUEST_KINDS).describe('authorization 授权使用书 · quality_agreement 质量协议 · eip IPEC EIP（辅料信息包） · change_history 变更历史 · audit 现场审计');
export type DocumentRequestKind = z.infer<typeof DocumentRequestKind>;
export const DocumentRequestState = z.enum(DOCUMENT_REQUEST_STATES).describe('pending 待审核 · approved 已批准 · refused 已驳回 · withdrawn 已撤回 · expired 已过期');
export type DocumentRequestState = z.infer<typeof DocumentRequestState>;
export const DocumentCopy = z.enum(DOCUMENT_COPIES).describe('watermarked 水印版（默认） · original 电子签章原件（仅标记为电子签章的文件）');

const line = (label: string, max: number) => text().trim().min(1, `请填写${label}`).max(max, `${label}不能超过 ${max} 个字`);
const optionalLine = (label: string, max: number) => text().trim().max(max, `${label}不能超过 ${max} 个字`).optional();

// ——— the confidentiality agreement ———

/** A published version of the 保密协议. */
export const ConfidentialityAgreement = z
  .object({
    version: z.number().int().describe('版本号（发布时依次编号）'),
    title: z.string(),
    body: z.string().describe('协议全文（纯文本，段落以换行分隔）'),
    effectiveOn: z.string().describe('生效日期（YYYY-MM-DD）'),
    publishedAt: z.string(),
  })
  .meta({ id: 'ConfidentialityAgreement' });
export type ConfidentialityAgreement = z.infer<typeof ConfidentialityAgreement>;

/** Who of the company signed which version, as its members see it. */
export const CompanyAcceptance = z.object({
  version: z.number().int(),
  signer: z.string().describe('签署人（签署时的姓名或称呼）'),
  acceptedAt: z.string(),
});

/** The agreement as a signed-in user sees it: the current version, whether they signed it, and their company's signatures. */
export const MyConfidentiality = z
  .object({
    current: ConfidentialityAgreement.nullable().describe('现行版本；尚未发布时为 null'),
    accepted: z.boolean().describe('调用者是否已签署现行版本'),
    canSign: z.boolean().describe('调用者是否可以签署（企业的质量或研发成员）'),
    company: z.string().nullable().describe('调用者所在企业；不属于企业时为 null'),
    acceptances: z.array(CompanyAcceptance).describe('本企业成员的签署记录（新的在前）'),
  })
  .meta({ id: 'MyConfidentiality' });
export type MyConfidentiality = z.infer<typeof MyConfidentiality>;

export const ConfidentialityAcceptBody = z
  .object({ version: z.number().int().min(1).describe('签署的版本号：须为现行版本（页面显示的版本）') })
  .meta({ id: 'ConfidentialityAcceptBody' });
export type ConfidentialityAcceptBody = z.infer<typeof ConfidentialityAcceptBody>;

/** The evidence of a signature: version, signer, company, time and address. */
export const AcceptanceEvidence = z
  .object({
    id: z.number().int(),
    version: z.number().int(),
    signerId: z.number().int(),
    signer: z.string().describe('签署时的姓名或称呼'),
    company: z.string().describe('签署时的企业名称'),
    acceptedAt: z.string(),
    ip: z.string().describe('签署时的客户端 IP'),
  })
  .meta({ id: 'AcceptanceEvidence' });
export type AcceptanceEvidence = z.infer<typeof AcceptanceEvidence>;

export const PublishConfidentialityBody = z
  .object({
    title: line('协议标题', 60),
    body: text().trim().min(20, '协议全文至少 20 个字').max(CONFIDENTIALITY_TEXT_MAX, `协议全文不能超过 ${CONFIDENTIALITY_TEXT_MAX} 个字`),
    effectiveOn: IsoDate.describe('生效日期'),
  })
  .meta({ id: 'PublishConfidentialityBody' });
export type PublishConfidentialityBody = z.infer<typeof PublishConfidentialityBody>;

/** The versions on the desk, newest first, each with how many signed it. */
export const AdminConfidentialityList = z
  .object({ items: z.array(ConfidentialityAgreement.extend({ acceptances: z.number().int().describe('签署人数') })) })
  .meta({ id: 'AdminConfidentialityList' });
export type AdminConfidentialityList = z.infer<typeof AdminConfidentialityList>;

// ——— requests ———

export const DocumentRequestBody = z
  .object({
    excipientId: Id.describe('产品 id'),
    kind: DocumentRequestKind,
    regNo: optionalLine('登记号', 40).describe('授权使用书：引用的 CDE 登记号（须为该产品的登记号；产品只有一个时可不填）'),
    formulationName: optionalLine('制剂名称', 80).describe('授权使用书：贵司的制剂产品名称（必填）'),
    applicant: optionalLine('申请人', 80).describe('授权使用书：制剂注册申请人（默认为本企业名称）'),
    auditDates: optionalLine('拟审计日期', 80).describe('现场审计：拟定日期（必填），如 2026-12-15 至 2026-12-16'),
    auditScope: optionalLine('审计范围', 500).describe('现场审计：审计范围（必填）'),
    note: optionalLine('备注', 500),
  })
  .meta({ id: 'DocumentRequestBody' });
export type DocumentRequestBody = z.infer<typeof DocumentRequestBody>;

/** What the caller may do with the request now. */
export const DocumentRequestActions = z.object({
  withdraw: z.boolean().describe('撤回（待审核时；申请人本人）'),
  download: z.boolean().describe('下载（已批准且在期限内；有文件时）'),
});

export const DocumentRequest = z
  .object({
    id: z.number().int(),
    number: z.string().describe('申请编号（ZL 开头）'),
    kind: DocumentRequestKind,
    status: DocumentRequestState,
    excipient: z.object({ id: z.number().int().nullable(), name: z.string() }),
    regNo: z.string().nullable(),
    formulationName: z.string().nullable(),
    applicant: z.string().nullable(),
    auditDates: z.string().nullable(),
    auditScope: z.string().nullable(),
    note: z.string().nullable(),
    company: z.string(),
    requester: z.string().describe('申请人的称呼'),
    agreementVersion: z.number().int().describe('申请时签署的保密协议版本'),
    decisionNote: z.string().nullable().describe('批准时的说明（如审计安排）'),
    refuseReason: z.string().nullable(),
    approvedAt: z.string().nullable(),
    expiresAt: z.string().nullable().describe('查阅期限（到期后不能下载）'),
    file: z.object({ sealed: z.boolean().describe('电子签章文件：另可下载未加水印的原件') }).nullable().describe('交付的文件；无文件（现场审计）时为 null'),
    actions: DocumentRequestActions,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'DocumentRequest' });
export type DocumentRequest = z.infer<typeof DocumentRequest>;

export const DocumentRequestPage = pageOf(DocumentRequest).meta({ id: 'DocumentRequestPage' });
export type DocumentRequestPage = z.infer<typeof DocumentRequestPage>;
export const DocumentRequestQuery = PageQuery.extend({ status: DocumentRequestState.optional() });
export type DocumentRequestQuery = z.infer<typeof DocumentRequestQuery>;
export const DocumentFileQuery = z.object({ copy: DocumentCopy.default('watermarked') });
export type DocumentFileQuery = z.infer<typeof DocumentFileQuery>;

// ——— the desk ———

export const DocumentDownload = z.object({
  id: z.number().int(),
  at: z.string(),
  who: z.string(),
  account: z.string().describe('下载人的账号（脱敏）'),
  ip: z.string(),
  copy: DocumentCopy,
});

export const AdminDocumentRequest = DocumentRequest.extend({
  requesterAccount: z.string(),
  companyId: z.number().int(),
  registrationNumbers: z.array(z.string()).describe('产品的登记号'),
  agreement: AcceptanceEvidence.describe('申请时签署的保密协议（证据）'),
  staffFile: z
    .object({ generated: z.boolean().describe('由模板生成（授权使用书）'), sealed: z.boolean() })
    .nullable()
    .describe('已上传或生成的文件'),
  downloads: z.array(DocumentDownload).describe('下载记录（新的在前）'),
}).meta({ id: 'AdminDocumentRequest' });
export type AdminDocumentRequest = z.infer<typeof AdminDocumentRequest>;

export const AdminDocumentRequestPage = pageOf(DocumentRequest)
  .extend({ countsByStatus: z.record(DocumentRequestState, z.number().int()) })
  .meta({ id: 'AdminDocumentRequestPage' });
export type AdminDocumentRequestPage = z.infer<typeof AdminDocumentRequestPage>;
export const AdminDocumentRequestQuery = PageQuery.extend({
  status: DocumentRequestState.optional(),
  keyword: text().trim().max(60).optional().describe('申请编号、企业名称或产品名称的一部分'),
});
export type AdminDocumentRequestQuery = z.infer<typeof AdminDocumentRequestQuery>;

export const DocumentApproveBody = z
  .object({
    validUntil: IsoDate.optional().describe('查阅期限（含当日）；默认批准之日起一年。现场审计无期限'),
    sealed: z.boolean().default(false).describe('上传的文件带电子签章：原件不加水印另行提供'),
    note: optionalLine('说明', 500).describe('给申请企业的说明（现场审计请写明确认的日期与安排）'),
  })
  .meta({ id: 'DocumentApproveBody' });
export type DocumentApproveBody = z.infer<typeof DocumentApproveBody>;
export type DocumentApproveInput = z.input<typeof DocumentApproveBody>;

export const DocumentRefuseBody = z.object({ reason: line('驳回原因', 500) }).meta({ id: 'DocumentRefuseBody' });
export type DocumentRefuseBody = z.infer<typeof DocumentRefuseBody>;

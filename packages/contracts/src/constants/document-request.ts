/*
 * Regulatory documents asked for under a confidentiality agreement (注册资料申请 and 保密协议),
 * docs/decisions/0069-document-requests-and-confidentiality.md.
 */

/** What a company may ask for about a product. */
export const DOCUMENT_REQUEST_KINDS = ['authorization', 'quality_agreement', 'eip', 'change_history', 'audit'] as const;
export type DocumentRequestKindName = (typeof DOCUMENT_REQUEST_KINDS)[number];
export const documentRequestKindLabels: Record<DocumentRequestKindName, string> = {
  authorization: '授权使用书',
  quality_agreement: '质量协议',
  eip: 'IPEC EIP（辅料信息包）',
  change_history: '变更历史',
  audit: '现场审计',
};
/** What each kind is, in a line, for the request page. */
export const documentRequestKindHints: Record<DocumentRequestKindName, string> = {
  authorization: '授权贵司在制剂注册申报中引用我司原辅包登记号（关联审评）',
  quality_agreement: '供需双方的质量责任约定文本',
  eip: 'IPEC 辅料信息包：生产工艺、质量标准、稳定性等概要',
  change_history: '该产品的变更控制记录摘要',
  audit: '申请到我司生产现场进行供应商审计',
};

/** Where a request stands; 已过期 is an approved request whose access has run out. */
export const DOCUMENT_REQUEST_STATES = ['pending', 'approved', 'refused', 'withdrawn', 'expired'] as const;
export type DocumentRequestStateName = (typeof DOCUMENT_REQUEST_STATES)[number];
export const documentRequestStateLabels: Record<DocumentRequestStateName, string> = {
  pending: '待审核',
  approved: '已批准',
  refused: '已驳回',
  withdrawn: '已撤回',
  expired: '已过期',
};

/** The company roles that ask for documents and sign the confidentiality agreement. */
export const DOCUMENT_REQUEST_ROLES = ['quality', 'rnd'] as const;
/** The company roles that see the company's requests (and download what was delivered). */
export const DOCUMENT_REQUEST_SEEING_ROLES = ['admin', 'quality', 'rnd'] as const;

/** How long delivered documents stay downloadable unless the staff set another day: one year. */
export const DOCUMENT_ACCESS_DAYS = 365;
/** The largest document the staff upload. */
export const DOCUMENT_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** The longest agreement text. */
export const CONFIDENTIALITY_TEXT_MAX = 20_000;

/** Which copy of a delivered document: stamped with the company's name, or the sealed original untouched. */
export const DOCUMENT_COPIES = ['watermarked', 'original'] as const;
export type DocumentCopyName = (typeof DOCUMENT_COPIES)[number];
export const documentCopyLabels: Record<DocumentCopyName, string> = { watermarked: '水印版', original: '电子签章原件' };

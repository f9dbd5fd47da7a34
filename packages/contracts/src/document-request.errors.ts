import { defineErrors } from './error-definition.js';

/** Error codes of document requests and the confidentiality agreement. */
export const documentRequestErrors = defineErrors({
  /** The caller has not signed the current version of the 保密协议; `details.version` names it. */
  confidentiality_required: { status: 409, message: '请先阅读并签署保密协议' },
  /** The request is not in a state that allows this (no longer pending, not approved, no file yet …). */
  document_request_state: { status: 409, message: '资料申请状态不允许此操作' },
  /** The approved request's access has run out: its documents no longer download. */
  document_request_expired: { status: 403, message: '资料的查阅期限已过，如需继续使用请重新申请' },
});

import { defineErrors } from './error-definition.js';

/** Error codes of change notices. */
export const changeNoticeErrors = defineErrors({
  /** The notice is not in a state that allows this (only drafts change and publish; only published notices are withdrawn or reminded). */
  change_notice_state: { status: 409, message: '变更通知的状态不允许此操作' },
});

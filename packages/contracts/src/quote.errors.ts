import { defineErrors } from './error-definition.js';

/** Error codes of price requests and quotes (docs/decisions/0062). */
export const quoteErrors = defineErrors({
  /**
   * The request is not in a state that allows this (already accepted, expired, cancelled …), or the
   * revision answered is no longer the newest; the message names what stands in the way.
   */
  quote_state: { status: 409, message: '询价单状态不允许此操作' },
});

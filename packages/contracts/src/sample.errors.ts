import { defineErrors } from './error-definition.js';

/** Error codes of the sample cart and applications. */
export const sampleErrors = defineErrors({
  /** A limit of the sample programme (cart items, quantity, applications awaiting review); the message names it. */
  limit_exceeded: { status: 409, message: '超出数量限制' },
});

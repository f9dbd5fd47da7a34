import { defineErrors } from './error-definition.js';

/** Error codes of the catalogue and the products desk. */
export const excipientErrors = defineErrors({
  /** A product's safety data sheet is asked for before the staff wrote it (no fake sheet is made). */
  sds_not_published: { status: 404, message: '该产品的安全技术说明书资料尚未发布，请联系我们的技术支持' },
});

import { defineErrors } from './error-definition.js';

/** Error codes of companies (docs/decisions/0061). */
export const companyErrors = defineErrors({
  /** The caller already belongs to a company (one company per user); the message names it. */
  company_membership: { status: 409, message: '您已是其他企业的成员，不能再创建或加入企业' },
  /**
   * The company's yearly sample allowance would be exceeded; the message says what is left
   * (GET /api/app/company/{id}/sample-allowance tells it too).
   */
  sample_allowance_exceeded: { status: 409, message: '本企业今年的样品额度不足' },
});

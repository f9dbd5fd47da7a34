import { defineErrors } from './error-definition.js';

/** Error codes of batches and the COA lookup (docs/decisions/0073-batches-and-coa-lookup.md). */
export const batchErrors = defineErrors({
  /**
   * No released batch answers this product, batch number and check code. The same answer for an
   * unknown product, an unknown batch, a wrong code and a batch not released: it tells nothing of others.
   */
  coa_not_found: { status: 404, message: '未找到对应的检验报告，请核对产品、批号和防伪查询码' },
  /** The batch is not in a state that allows this (releasing one with missing or failed results …). */
  batch_state: { status: 409, message: '批次状态不允许此操作' },
});

import { z } from 'zod';
import { FORM_DIC_CODES } from './constants/sample.js';

/*
 * The option lists of the sample application form (申请用途, 剂型, 研发阶段, 单位类型), kept in the
 * database (form_dictionary).
 */

export const FormDicCode = z.enum(FORM_DIC_CODES);
export type FormDicCode = z.infer<typeof FormDicCode>;

export const FormDicOption = z.object({ value: z.string(), label: z.string() });
export type FormDicOption = z.infer<typeof FormDicOption>;

export const FormDicGroup = z
  .object({ code: FormDicCode, name: z.string().describe('e.g. 申请用途'), options: z.array(FormDicOption) })
  .meta({ id: 'FormDicGroup' });
export type FormDicGroup = z.infer<typeof FormDicGroup>;

export const FormDicList = z.object({ items: z.array(FormDicGroup) }).meta({ id: 'FormDicList' });
export type FormDicList = z.infer<typeof FormDicList>;

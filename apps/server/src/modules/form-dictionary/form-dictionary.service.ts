import { FormDicCode, type FormDicList, type ValidationIssue } from '@fuliaotong/contracts';
import type { FormDictionaryRepository } from './form-dictionary.repository.js';

export const formDicGroupNames: Record<FormDicCode, string> = {
  purpose: '申请用途',
  dosageForm: '剂型',
  stage: '研发阶段',
  companyType: '单位类型',
};

/** The option lists of the application form, and the check that a submitted value is one of them. */
export class FormDictionaryService {
  constructor(private readonly dictionary: FormDictionaryRepository) {}

  async list(): Promise<FormDicList> {
    const rows = await this.dictionary.enabled();
    return {
      items: FormDicCode.options.map((code) => ({
        code,
        name: formDicGroupNames[code],
        options: rows.filter((row) => row.groupCode === code).map(({ value, label }) => ({ value, label })),
      })),
    };
  }

  /** One issue per field whose value is not an enabled option of its group (path `body.<field>`). */
  async invalidValues(values: Record<FormDicCode, string>): Promise<ValidationIssue[]> {
    const rows = await this.dictionary.enabled();
    const issues: ValidationIssue[] = [];
    for (const code of FormDicCode.options) {
      if (!rows.some((row) => row.groupCode === code && row.value === values[code])) {
        issues.push({ path: `body.${code}`, message: `请选择有效的${formDicGroupNames[code]}` });
      }
    }
    return issues;
  }
}

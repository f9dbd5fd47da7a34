import { asc, eq } from 'drizzle-orm';
import type { FormDicCode } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { formDictionary } from './form-dictionary.schema.js';

export interface FormDicRow {
  groupCode: FormDicCode;
  value: string;
  label: string;
}

/** Option lists of the sample application form (`form_dictionary`). */
export class FormDictionaryRepository {
  constructor(private readonly db: Db) {}

  /** Enabled options of every group, in their sort order. */
  async enabled(): Promise<FormDicRow[]> {
    return this.db
      .select({ groupCode: formDictionary.groupCode, value: formDictionary.value, label: formDictionary.label })
      .from(formDictionary)
      .where(eq(formDictionary.enabled, true))
      .orderBy(asc(formDictionary.groupCode), asc(formDictionary.sortOrder), asc(formDictionary.id));
  }
}

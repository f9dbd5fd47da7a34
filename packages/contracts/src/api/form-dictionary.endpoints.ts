import { FormDicList } from '../form-dictionary.js';
import type { EndpointSpec } from './endpoint.js';

/** The option lists of the sample application form. */
export const formDictionaryEndpoints = {
  formDictionary: {
    access: 'public',
    tag: '样品',
    summary: '样品申请表的选项（申请用途、剂型、研发阶段、单位类型；无需登录）',
    responses: { 200: FormDicList },
  },
} as const satisfies Record<string, EndpointSpec>;

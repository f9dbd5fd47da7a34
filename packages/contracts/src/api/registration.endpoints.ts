import { IdParams } from '../common.js';
import { RegistrationDetail, RegistrationPage, RegistrationQuery } from '../registration.js';
import type { EndpointSpec } from './endpoint.js';

/** CDE registration records (原辅包登记信息): the public search and one record, fields gated by access level. */
export const registrationEndpoints = {
  registrationSearch: {
    access: 'public',
    shared: true,
    tag: '登记信息',
    summary: '原辅包登记信息检索（登记号/品种/企业关键词、类型、审评结果、省份、企业、更新日期、排序）',
    query: RegistrationQuery,
    responses: { 200: RegistrationPage },
  },
  registrationGet: {
    access: 'optional',
    shared: true,
    tag: '登记信息',
    summary: '一条登记信息（企业地址、规格、包装规格登录可见；备注会员可见；不可见的字段列在 locked 中）',
    params: IdParams,
    responses: { 200: RegistrationDetail },
    rows: { kind: 'registration', owner: false },
  },
} as const satisfies Record<string, EndpointSpec>;

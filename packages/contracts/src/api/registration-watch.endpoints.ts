import { z } from 'zod';
import { IdParams } from '../common.js';
import { RegistrationWatch, RegistrationWatchBody, RegistrationWatchList } from '../registration-watch.js';
import { MAX_REGISTRATION_WATCHES, WATCHED_REGISTRATION_FIELDS } from '../constants/account.js';
import type { EndpointSpec } from './endpoint.js';

/** Watches on registration records: a notice when an import or an edit changes a watched record. */
export const registrationWatchEndpoints = {
  registrationWatchList: {
    access: 'user',
    tag: '登记关注',
    summary: '我关注的登记信息（新的在前）',
    responses: { 200: RegistrationWatchList },
  },
  registrationWatchAdd: {
    access: 'user',
    tag: '登记关注',
    summary:
      `关注一条登记信息或一个品种的全部登记：其${WATCHED_REGISTRATION_FIELDS.join('、')}因导入或编辑发生变化时发送通知` +
      `（已关注时返回 200 和原有关注；最多 ${MAX_REGISTRATION_WATCHES} 条）`,
    body: RegistrationWatchBody,
    responses: { 200: RegistrationWatch, 201: RegistrationWatch },
    errors: [404, 409],
    example: { body: { scope: 'registration', registrationId: 1 } },
  },
  registrationWatchRemove: {
    access: 'user',
    tag: '登记关注',
    summary: '取消关注',
    params: IdParams,
    responses: { 204: z.null() },
    rows: { kind: 'registrationWatch', owner: true },
  },
} as const satisfies Record<string, EndpointSpec>;

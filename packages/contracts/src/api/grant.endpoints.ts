import { z } from 'zod';
import { IdParams } from '../common.js';
import { GrantList, GrantSeatBody } from '../grant.js';
import type { EndpointSpec } from './endpoint.js';

/**
 * Grants (权益): what the signed-in user's memberships and database subscriptions unlock, and the seats
 * of a company membership.
 */
export const grantEndpoints = {
  grantList: {
    access: 'user',
    tag: '会员与订阅',
    summary: '我的会员与数据库订阅：当前可查看的数据库，以及生效中、未开始、已到期和已终止的权益',
    responses: { 200: GrantList },
  },
  grantSeatAdd: {
    access: 'user',
    tag: '会员与订阅',
    summary: '企业会员：把一个席位分给另一个已注册的账号（手机号或邮箱）；席位数含持有人自己',
    params: IdParams,
    body: GrantSeatBody,
    responses: { 200: GrantList },
    errors: [409],
    rows: { kind: 'grant', owner: true },
    example: { body: { account: '13800138000' } },
  },
  grantSeatRemove: {
    access: 'user',
    tag: '会员与订阅',
    summary: '企业会员：收回一个成员账号的席位',
    params: IdParams.extend({ userId: IdParams.shape.id }),
    responses: { 204: z.null() },
    rows: { kind: 'grant', owner: true },
    example: { params: { userId: 1 } },
  },
} as const satisfies Record<string, EndpointSpec>;

import { z } from 'zod';
import { IdParams } from '../common.js';
import {
  AddToCartBody,
  AddToCartResult,
  CartCheckBody,
  CartCheckedBody,
  CartCheckResult,
  CartItem,
  CartList,
  CartRemoveBody,
  CartRemoveResult,
  ConfirmedSampleList,
  ConfirmedSampleQuery,
  UpdateCartItemBody,
} from '../sample.js';
import type { EndpointSpec } from './endpoint.js';

const TAG = '样品';

/** The signed-in user's sample cart (样品车), and the checked items confirmed for an application. */
export const sampleCartEndpoints = {
  sampleCartList: {
    access: 'user',
    tag: TAG,
    summary: '样品车列表（新加入的在前；每项重新检查能否申请：产品下架、暂停提供样品、规格不提供样品），附当前限额',
    responses: { 200: CartList },
  },
  sampleCartCheck: {
    access: 'user',
    tag: TAG,
    summary: '检查加入样品车或修改数量是否超出限额（不修改样品车；不允许时 allowed 为 false 并给出原因）',
    body: CartCheckBody,
    responses: { 200: CartCheckResult },
    errors: [404],
    example: { body: { excipientId: 1, specId: 1, quantity: 1 } },
  },
  sampleCartAdd: {
    access: 'user',
    tag: TAG,
    summary: '加入样品车（新的一项 201；已有同一规格时增加数量 200；超出限额 409 limit_exceeded；不提供样品 409 conflict）',
    body: AddToCartBody,
    responses: { 200: AddToCartResult, 201: AddToCartResult },
    errors: [404, 409],
    example: { body: { excipientId: 1, specId: 1 } },
  },
  sampleCartUpdate: {
    access: 'user',
    tag: TAG,
    summary: '修改样品车中一项的数量或选中状态',
    params: IdParams,
    body: UpdateCartItemBody,
    responses: { 200: CartItem },
    errors: [409],
    rows: { kind: 'cartItem', owner: true },
    example: { body: { quantity: 2 } },
  },
  sampleCartSetChecked: {
    access: 'user',
    tag: TAG,
    summary: '选中或取消选中样品车中的多项（不属于本人的编号忽略），返回样品车',
    body: CartCheckedBody,
    responses: { 200: CartList },
    example: { body: { ids: [1], checked: false } },
  },
  sampleCartRemove: {
    access: 'user',
    tag: TAG,
    summary: '从样品车移除（不属于本人或已移除的编号忽略）',
    body: CartRemoveBody,
    responses: { 200: CartRemoveResult },
    example: { body: { ids: [1] } },
  },
  sampleCartCount: {
    access: 'user',
    tag: TAG,
    summary: '样品车中的样品种类数（text/plain，例如 3）',
    responses: { 200: z.string().describe('text/plain; charset=utf-8：一个整数，例如 "3"') },
    responseFormat: 'text',
  },
  sampleConfirmedList: {
    access: 'user',
    tag: TAG,
    summary: '确认申请的样品（ids 为样品车编号，逗号分隔；重新检查每项能否申请及申请限额）',
    query: ConfirmedSampleQuery,
    responses: { 200: ConfirmedSampleList },
    example: { query: { ids: '1' } },
  },
} as const satisfies Record<string, EndpointSpec>;

import { z } from 'zod';
import { Address, AddressBody, AddressCreateBody, AddressList } from '../address.js';
import { IdParams } from '../common.js';
import type { EndpointSpec } from './endpoint.js';

const exampleAddress = { recipient: '王工', mobile: '13800138000', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号' };

/** The signed-in user's address book. */
export const addressEndpoints = {
  addressList: { access: 'user', tag: '收货地址', summary: '收货地址列表：个人的（默认地址在前），及本企业的地址（管理员、采购、研发、质量可用）', responses: { 200: AddressList } },
  addressCreate: {
    access: 'user',
    tag: '收货地址',
    summary: '新增收货地址（最多 20 个；第一个地址自动成为默认地址）',
    description: '带 companyId 时新增为本企业的地址（企业最多 20 个，不设默认）：仅本企业的管理员、采购可新增、修改、删除。',
    body: AddressCreateBody,
    responses: { 201: Address },
    errors: [403, 404, 409],
    example: { body: exampleAddress },
  },
  addressGet: {
    access: 'user',
    tag: '收货地址',
    summary: '一个收货地址',
    params: IdParams,
    responses: { 200: Address },
    rows: { kind: 'address', owner: true },
  },
  addressUpdate: {
    access: 'user',
    tag: '收货地址',
    summary: '修改收货地址（企业的地址由本企业管理员、采购修改）',
    params: IdParams,
    body: AddressBody,
    responses: { 200: Address },
    rows: { kind: 'address', owner: true },
    errors: [403],
    example: { body: exampleAddress },
  },
  addressDelete: {
    access: 'user',
    tag: '收货地址',
    summary: '删除收货地址（删除默认地址时，最近添加的另一个地址成为默认；企业的地址由本企业管理员、采购删除）',
    params: IdParams,
    responses: { 204: z.null() },
    rows: { kind: 'address', owner: true },
    errors: [403],
  },
  addressSetDefault: {
    access: 'user',
    tag: '收货地址',
    summary: '设为默认地址（个人的地址）',
    params: IdParams,
    responses: { 200: Address },
    rows: { kind: 'address', owner: true },
    errors: [409],
  },
} as const satisfies Record<string, EndpointSpec>;

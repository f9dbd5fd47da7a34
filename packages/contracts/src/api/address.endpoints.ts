import { z } from 'zod';
import { Address, AddressBody, AddressList } from '../address.js';
import { IdParams } from '../common.js';
import type { EndpointSpec } from './endpoint.js';

const exampleAddress = { recipient: '王工', mobile: '13800138000', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号' };

/** The signed-in user's address book. */
export const addressEndpoints = {
  addressList: { access: 'user', tag: '收货地址', summary: '收货地址列表（默认地址在前）', responses: { 200: AddressList } },
  addressCreate: {
    access: 'user',
    tag: '收货地址',
    summary: '新增收货地址（最多 20 个；第一个地址自动成为默认地址）',
    body: AddressBody,
    responses: { 201: Address },
    errors: [409],
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
    summary: '修改收货地址',
    params: IdParams,
    body: AddressBody,
    responses: { 200: Address },
    rows: { kind: 'address', owner: true },
    example: { body: exampleAddress },
  },
  addressDelete: {
    access: 'user',
    tag: '收货地址',
    summary: '删除收货地址（删除默认地址时，最近添加的另一个地址成为默认）',
    params: IdParams,
    responses: { 204: z.null() },
    rows: { kind: 'address', owner: true },
  },
  addressSetDefault: {
    access: 'user',
    tag: '收货地址',
    summary: '设为默认地址',
    params: IdParams,
    responses: { 200: Address },
    rows: { kind: 'address', owner: true },
  },
} as const satisfies Record<string, EndpointSpec>;

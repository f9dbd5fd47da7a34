import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Address, AddressBody, AddressList, ErrorResponse, IdParams } from '@fuliaotong/contracts';
import { principalOf, type AuthGuard } from '../auth/auth.guard.js';
import type { AddressService } from './address.service.js';

export interface AddressRoutesOptions {
  addresses: AddressService;
  guard: AuthGuard;
}

const secured = { tags: ['address'], security: [{ bearer: [] }] };
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

export const addressRoutes: FastifyPluginAsyncZod<AddressRoutesOptions> = async (app, { addresses, guard }) => {
  app.addHook('onRequest', guard.requireUser);

  app.get(
    '/api/app/address',
    { schema: { ...secured, summary: '收货地址列表（默认地址在前）', response: { 200: AddressList, ...errors } } },
    async (request) => addresses.list(principalOf(request).user.id),
  );

  app.post(
    '/api/app/address',
    {
      schema: {
        ...secured,
        summary: '新增收货地址（最多 20 个；第一个地址自动成为默认地址）',
        body: AddressBody,
        response: { 201: Address, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await addresses.create(principalOf(request).user.id, request.body)),
  );

  app.get(
    '/api/app/address/:id',
    { schema: { ...secured, summary: '一个收货地址', params: IdParams, response: { 200: Address, ...errors } } },
    async (request) => addresses.get(principalOf(request).user.id, request.params.id),
  );

  app.put(
    '/api/app/address/:id',
    {
      schema: { ...secured, summary: '修改收货地址', params: IdParams, body: AddressBody, response: { 200: Address, ...errors } },
    },
    async (request) => addresses.update(principalOf(request).user.id, request.params.id, request.body),
  );

  app.delete(
    '/api/app/address/:id',
    {
      schema: {
        ...secured,
        summary: '删除收货地址（删除默认地址时，最近添加的另一个地址成为默认）',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await addresses.remove(principalOf(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/app/address/:id/set-default',
    { schema: { ...secured, summary: '设为默认地址', params: IdParams, response: { 200: Address, ...errors } } },
    async (request) => addresses.setDefault(principalOf(request).user.id, request.params.id),
  );
};

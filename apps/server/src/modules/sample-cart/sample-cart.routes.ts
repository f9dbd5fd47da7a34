import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  ErrorResponse,
  IdParams,
  UpdateCartItemBody,
} from '@fuliaotong/contracts';
import { principalOf, type AuthGuard } from '../auth/auth.guard.js';
import type { SampleCartService } from './sample-cart.service.js';

export interface SampleCartRoutesOptions {
  cart: SampleCartService;
  guard: AuthGuard;
}

const secured = { tags: ['sample'], security: [{ bearer: [] }] };
const errors = { 400: ErrorResponse, 401: ErrorResponse };

/** The sample cart (样品车) of the signed-in user. */
export const sampleCartRoutes: FastifyPluginAsyncZod<SampleCartRoutesOptions> = async (app, { cart, guard }) => {
  app.addHook('onRequest', guard.requireUser);

  app.get(
    '/api/app/sample/sample-cart-list',
    {
      schema: {
        ...secured,
        summary: '样品车列表（新加入的在前；每项重新检查能否申请：产品下架、暂停提供样品、规格不提供样品），附当前限额',
        response: { 200: CartList, ...errors },
      },
    },
    async (request) => cart.list(principalOf(request).user.id),
  );

  app.post(
    '/api/app/sample/check-sample-cart-num',
    {
      schema: {
        ...secured,
        summary: '检查加入样品车或修改数量是否超出限额（不修改样品车；不允许时 allowed 为 false 并给出原因）',
        body: CartCheckBody,
        response: { 200: CartCheckResult, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => cart.check(principalOf(request).user.id, request.body),
  );

  app.post(
    '/api/app/sample/sample-cart',
    {
      schema: {
        ...secured,
        summary: '加入样品车（新的一项 201；已有同一规格时增加数量 200；超出限额 409 limit_exceeded；不提供样品 409 conflict）',
        body: AddToCartBody,
        response: { 200: AddToCartResult, 201: AddToCartResult, ...errors, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const result = await cart.add(principalOf(request).user.id, request.body);
      return reply.code(result.merged ? 200 : 201).send(result);
    },
  );

  app.patch(
    '/api/app/sample/sample-cart/:id',
    {
      schema: {
        ...secured,
        summary: '修改样品车中一项的数量或选中状态',
        params: IdParams,
        body: UpdateCartItemBody,
        response: { 200: CartItem, ...errors, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => cart.update(principalOf(request).user.id, request.params.id, request.body),
  );

  app.post(
    '/api/app/sample/sample-cart-checked',
    {
      schema: {
        ...secured,
        summary: '选中或取消选中样品车中的多项（不属于本人的编号忽略），返回样品车',
        body: CartCheckedBody,
        response: { 200: CartList, ...errors },
      },
    },
    async (request) => cart.setChecked(principalOf(request).user.id, request.body),
  );

  app.post(
    '/api/app/sample/cart-sample-remove',
    {
      schema: {
        ...secured,
        summary: '从样品车移除（不属于本人或已移除的编号忽略）',
        body: CartRemoveBody,
        response: { 200: CartRemoveResult, ...errors },
      },
    },
    async (request) => cart.remove(principalOf(request).user.id, request.body.ids),
  );

  app.get(
    '/api/app/sample/sample-cart-num',
    {
      schema: {
        ...secured,
        summary: '样品车中的样品种类数（text/plain，例如 3）',
        response: { 200: z.string().describe('text/plain; charset=utf-8: a whole number, e.g. "3"'), ...errors },
      },
    },
    async (request, reply) => {
      const n = await cart.countOf(principalOf(request).user.id);
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'private, no-store').send(String(n));
    },
  );

  app.get(
    '/api/app/sample/confirmed-sample-list',
    {
      schema: {
        ...secured,
        summary: '确认申请的样品（ids 为样品车编号，逗号分隔；重新检查每项能否申请及申请限额）',
        querystring: ConfirmedSampleQuery,
        response: { 200: ConfirmedSampleList, ...errors },
      },
    },
    async (request) => cart.confirmed(principalOf(request).user.id, request.query.ids),
  );
};

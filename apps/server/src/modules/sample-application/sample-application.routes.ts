import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplicationPage,
  ApplicationQuery,
  ErrorResponse,
  IdParams,
  SampleApplication,
  SampleApplicationBody,
} from '@fuliaotong/contracts';
import { principalOf, type AuthGuard } from '../auth/auth.guard.js';
import type { SampleApplicationService } from './sample-application.service.js';

export interface SampleApplicationRoutesOptions {
  applications: SampleApplicationService;
  guard: AuthGuard;
}

const secured = { tags: ['sample'], security: [{ bearer: [] }] };
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

/** The signed-in member's sample applications (样品申请). */
export const sampleApplicationRoutes: FastifyPluginAsyncZod<SampleApplicationRoutesOptions> = async (app, { applications, guard }) => {
  app.addHook('onRequest', guard.requireUser);

  app.post(
    '/api/app/sample/or-update',
    {
      schema: {
        ...secured,
        summary:
          '提交样品申请（无 id，201）或修改待审核的申请（带 id，200）；申请的样品随即移出样品车；' +
          '超出限额（种类数、数量、待审核申请数）409 limit_exceeded，不可修改的状态 409 conflict',
        body: SampleApplicationBody,
        response: { 200: SampleApplication, 201: SampleApplication, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { application, created } = await applications.submit(principalOf(request).user, request.body);
      return reply.code(created ? 201 : 200).send(application);
    },
  );

  app.get(
    '/api/app/sample/application',
    {
      schema: {
        ...secured,
        summary: '我的样品申请（新的在前，可按状态筛选，附各状态数量）',
        querystring: ApplicationQuery,
        response: { 200: ApplicationPage, ...errors },
      },
    },
    async (request) => applications.list(principalOf(request).user.id, request.query),
  );

  app.get(
    '/api/app/sample/application/:id',
    {
      schema: {
        ...secured,
        summary: '一份样品申请（样品、收货地址、处理记录从早到晚）',
        params: IdParams,
        response: { 200: SampleApplication, ...errors },
      },
    },
    async (request) => applications.get(principalOf(request).user.id, request.params.id),
  );

  app.post(
    '/api/app/sample/application/:id/withdraw',
    {
      schema: {
        ...secured,
        summary: '撤回待审核的样品申请（其他状态 409）',
        params: IdParams,
        response: { 200: SampleApplication, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => applications.withdraw(principalOf(request).user, request.params.id),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminApplication,
  AdminApplicationPage,
  AdminApplicationQuery,
  ApproveBody,
  ErrorResponse,
  IdParams,
  RejectBody,
  ShipBody,
} from '@fuliaotong/contracts';
import { principalOf, type AuthGuard } from '../auth/auth.guard.js';
import type { SampleApplicationService } from './sample-application.service.js';

export interface ApplicationAdminRoutesOptions {
  applications: SampleApplicationService;
  guard: AuthGuard;
}

const staffOnly = { tags: ['admin'], security: [{ bearer: [] }] };
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const changed = { 200: AdminApplication, ...errors, 409: ErrorResponse };

/** The staff's review of sample applications: list, detail, approve, reject, ship, deliver. */
export const applicationAdminRoutes: FastifyPluginAsyncZod<ApplicationAdminRoutesOptions> = async (app, { applications, guard }) => {
  app.addHook('onRequest', guard.requireStaff);

  app.get(
    '/api/admin/application',
    {
      schema: {
        ...staffOnly,
        summary: '样品申请列表（工作人员；新的在前；可按状态筛选，关键词查申请编号、单位、联系人、手机号）',
        querystring: AdminApplicationQuery,
        response: { 200: AdminApplicationPage, ...errors },
      },
    },
    async (request) => applications.adminList(request.query),
  );

  app.get(
    '/api/admin/application/:id',
    {
      schema: { ...staffOnly, summary: '一份样品申请（工作人员）', params: IdParams, response: { 200: AdminApplication, ...errors } },
    },
    async (request) => applications.adminGet(request.params.id),
  );

  app.post(
    '/api/admin/application/:id/approve',
    {
      schema: {
        ...staffOnly,
        summary: '审核通过（仅待审核的申请；备注可选，可不带请求体）',
        params: IdParams,
        body: ApproveBody.nullish(),
        response: changed,
      },
    },
    async (request) =>
      applications.act(principalOf(request).user, request.params.id, { action: 'approve', note: request.body?.note ?? '' }),
  );

  app.post(
    '/api/admin/application/:id/reject',
    {
      schema: { ...staffOnly, summary: '驳回（仅待审核的申请；须填写原因，会通知申请人）', params: IdParams, body: RejectBody, response: changed },
    },
    async (request) => applications.act(principalOf(request).user, request.params.id, { action: 'reject', reason: request.body.reason }),
  );

  app.post(
    '/api/admin/application/:id/ship',
    {
      schema: { ...staffOnly, summary: '发货（仅已通过的申请；快递公司与运单号会通知申请人）', params: IdParams, body: ShipBody, response: changed },
    },
    async (request) => applications.act(principalOf(request).user, request.params.id, { action: 'ship', ...request.body }),
  );

  app.post(
    '/api/admin/application/:id/deliver',
    {
      schema: {
        ...staffOnly,
        summary: '确认签收（仅已发货的申请；可不带请求体或为 {}）',
        params: IdParams,
        body: z.object({}).nullish(),
        response: changed,
      },
    },
    async (request) => applications.act(principalOf(request).user, request.params.id, { action: 'deliver' }),
  );
};

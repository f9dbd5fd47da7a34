import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, IdParams, RegistrationDetail, RegistrationPage, RegistrationQuery } from '@fuliaotong/contracts';
import { viewerOf, type AuthGuard } from '../auth/auth.guard.js';
import type { RegistrationService } from './registration.service.js';

export interface RegistrationRoutesOptions {
  registrations: RegistrationService;
  guard: AuthGuard;
}

const tags = ['registration'];
/** Public, personalised when a bearer token comes along. */
const optionalBearer: { tags: string[]; security: Array<Record<string, string[]>> } = { tags, security: [{}, { bearer: [] }] };

export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (app, { registrations, guard }) => {
  app.get(
    '/api/app/registration',
    {
      schema: {
        tags,
        summary: '原辅包登记信息检索（登记号/品种/企业关键词、类型、审评结果、省份、企业、更新日期、排序）',
        querystring: RegistrationQuery,
        response: { 200: RegistrationPage, 400: ErrorResponse },
      },
    },
    async (request) => registrations.search(request.query),
  );

  app.get(
    '/api/app/registration/:id',
    {
      onRequest: guard.optionalUser,
      schema: {
        ...optionalBearer,
        summary: '一条登记信息（企业地址、规格、包装规格登录可见；备注会员可见；不可见的字段列在 locked 中）',
        params: IdParams,
        response: { 200: RegistrationDetail, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => registrations.detail(request.params.id, viewerOf(request)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DatabaseCode,
  DatabaseList,
  DatabaseRecordPage,
  DatabaseRecordQuery,
  ErrorResponse,
  IdParams,
  StandardRecord,
  UsageRecord,
} from '@fuliaotong/contracts';
import { viewerOf, type AuthGuard } from '../auth/auth.guard.js';
import type { ReferenceService } from './reference.service.js';

export interface ReferenceRoutesOptions {
  reference: ReferenceService;
  guard: AuthGuard;
}

/** Public, personalised when a bearer token comes along. */
const schemaBase: { tags: string[]; security: Array<Record<string, string[]>> } = { tags: ['database'], security: [{}, { bearer: [] }] };
const gated = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const CodeParams = z.object({ code: DatabaseCode });

export const referenceRoutes: FastifyPluginAsyncZod<ReferenceRoutesOptions> = async (app, { reference, guard }) => {
  app.addHook('onRequest', guard.optionalUser);

  app.get(
    '/api/app/database',
    {
      schema: {
        ...schemaBase,
        summary: '数据库列表（记录数、更新日期、访问级别，以及调用者能否查看）',
        response: { 200: DatabaseList },
      },
    },
    async (request) => reference.list(viewerOf(request)),
  );

  app.get(
    '/api/app/database/:code/records',
    {
      schema: {
        ...schemaBase,
        summary:
          '一个数据库的记录：standard 返回 StandardPage（关键词、药典、状态），usage 返回 UsagePage（关键词、给药途径、剂型；最大用量会员可见）；' +
          'registration 请用 /api/app/registration。无权查看时 401（未登录）或 403（需会员）',
        params: CodeParams,
        querystring: DatabaseRecordQuery,
        response: { 200: DatabaseRecordPage, ...gated },
      },
    },
    async (request) => reference.records(request.params.code, request.query, viewerOf(request)),
  );

  app.get(
    '/api/app/database/:code/records/:id',
    {
      schema: {
        ...schemaBase,
        summary: '一个数据库的一条记录（standard 或 usage，权限同记录列表）',
        params: CodeParams.extend({ id: IdParams.shape.id }),
        response: { 200: z.union([StandardRecord, UsageRecord]), ...gated },
      },
    },
    async (request) => reference.record(request.params.code, request.params.id, viewerOf(request)),
  );
};

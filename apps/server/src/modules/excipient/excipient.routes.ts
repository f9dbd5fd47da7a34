import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, ExcipientDetail, ExcipientFacets, ExcipientPage, ExcipientQuery, IdParams } from '@fuliaotong/contracts';
import { viewerOf, type AuthGuard } from '../auth/auth.guard.js';
import type { ExcipientService } from './excipient.service.js';

export interface ExcipientRoutesOptions {
  excipients: ExcipientService;
  guard: AuthGuard;
}

const tags = ['excipient'];
/** Public, personalised when a bearer token comes along. */
const optionalBearer: { tags: string[]; security: Array<Record<string, string[]>> } = { tags, security: [{}, { bearer: [] }] };

export const excipientRoutes: FastifyPluginAsyncZod<ExcipientRoutesOptions> = async (app, { excipients, guard }) => {
  app.get(
    '/api/app/excipient',
    {
      schema: {
        tags,
        summary: '辅料产品列表（关键词、功能类别、剂型、药典、是否提供样品；有关键词时名称完全相同者在前）',
        querystring: ExcipientQuery,
        response: { 200: ExcipientPage, 400: ErrorResponse },
      },
    },
    async (request) => excipients.list(request.query),
  );

  app.get(
    '/api/app/excipient/facets',
    { schema: { tags, summary: '辅料产品的筛选项及各项产品数', response: { 200: ExcipientFacets } } },
    async () => excipients.facets(),
  );

  app.get(
    '/api/app/excipient/:id',
    {
      onRequest: guard.optionalUser,
      schema: {
        ...optionalBearer,
        summary: '辅料产品详情（规格、登记号、资料；登录后可下载登录可见的资料，并返回本人的收藏）',
        params: IdParams,
        response: { 200: ExcipientDetail, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => excipients.detail(request.params.id, viewerOf(request)),
  );

  app.get(
    '/api/app/excipient/:id/document/:docId',
    {
      onRequest: guard.optionalUser,
      schema: {
        ...optionalBearer,
        summary: '下载产品资料（文本）；登录可见的资料需登录（401），需申请的资料不可直接下载（403）',
        params: IdParams.extend({ docId: IdParams.shape.id }),
        response: {
          200: z.any().describe('text/plain; charset=utf-8'),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { filename, text } = await excipients.document(request.params.id, request.params.docId, viewerOf(request));
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="document.txt"; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(text, 'utf8'));
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AccountSummary,
  AVATAR_MAX_BYTES,
  ChangePasswordBody,
  ErrorResponse,
  LoginBody,
  RegisterBody,
  SessionResponse,
  UpdateProfileBody,
  User,
} from '@fuliaotong/contracts';
import { AppError } from '../../http/errors.js';
import { principalOf, type AuthGuard } from '../auth/auth.guard.js';
import { toUser, type AccountService, type ClientInfo } from './account.service.js';

export interface AccountRoutesOptions {
  accounts: AccountService;
  guard: AuthGuard;
}

const tags = ['account'];
const secured = { tags, security: [{ bearer: [] }] };
const base = '/api/app/account';

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { accounts, guard }) => {
  app.post(
    `${base}/register`,
    {
      schema: {
        tags,
        summary: '注册：账号为手机号或邮箱，成功后即为登录状态',
        body: RegisterBody,
        response: { 201: SessionResponse, 400: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await accounts.register(request.body, clientOf(request))),
  );

  app.post(
    `${base}/login`,
    {
      schema: {
        tags,
        summary: '登录：账号或密码错误时统一返回 401',
        body: LoginBody,
        response: { 200: SessionResponse, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => accounts.login(request.body, clientOf(request)),
  );

  app.post(
    `${base}/logout`,
    {
      onRequest: guard.requireUser,
      schema: { ...secured, summary: '退出登录：仅使当前令牌失效', response: { 204: z.null(), 401: ErrorResponse } },
    },
    async (request, reply) => {
      await accounts.logout(principalOf(request).sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/logout-all`,
    {
      onRequest: guard.requireUser,
      schema: { ...secured, summary: '退出所有设备：该用户此前签发的令牌全部失效', response: { 204: z.null(), 401: ErrorResponse } },
    },
    async (request, reply) => {
      await accounts.logoutEverywhere(principalOf(request).user.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${base}/profile`,
    { onRequest: guard.requireUser, schema: { ...secured, summary: '个人资料', response: { 200: User, 401: ErrorResponse } } },
    async (request) => toUser(principalOf(request).user),
  );

  app.put(
    `${base}/profile`,
    {
      onRequest: guard.requireUser,
      schema: {
        ...secured,
        summary: '修改个人资料（姓名、性别、昵称、头像）',
        body: UpdateProfileBody,
        response: { 200: User, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => accounts.updateProfile(principalOf(request).user, request.body),
  );

  app.post(
    `${base}/avatar`,
    {
      onRequest: guard.requireUser,
      schema: {
        ...secured,
        summary: '上传头像：multipart/form-data，字段 file；PNG、JPEG 或 WebP，不超过 2 MB',
        consumes: ['multipart/form-data'],
        response: { 200: User, 400: ErrorResponse, 401: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', '请以 multipart/form-data 上传图片');
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'file') throw new AppError('bad_request', '请选择要上传的图片（字段 file）');
      const bytes = await file.toBuffer();
      if (bytes.length === 0) throw new AppError('bad_request', '图片文件为空');
      return accounts.setAvatar(principalOf(request).user, bytes);
    },
  );

  app.get(
    `${base}/avatar/:name`,
    {
      schema: {
        tags,
        summary: '头像图片（公开）',
        params: z.object({ name: z.string().regex(/^[\w-]+\.(png|jpg|webp)$/) }),
        response: { 200: z.any().describe('PNG、JPEG 或 WebP 图片'), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const image = await accounts.avatar(request.params.name);
      if (!image) throw new AppError('not_found', '图片不存在');
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.bytes);
    },
  );

  app.post(
    `${base}/change-password`,
    {
      onRequest: guard.requireUser,
      schema: {
        ...secured,
        summary: '修改密码：其他设备上的登录全部失效，返回当前设备的新令牌',
        body: ChangePasswordBody,
        response: { 200: SessionResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => accounts.changePassword(principalOf(request), request.body, clientOf(request)),
  );

  app.get(
    `${base}/summary`,
    {
      onRequest: guard.requireUser,
      schema: { ...secured, summary: '个人中心统计：样品申请、收藏、未读通知', response: { 200: AccountSummary, 401: ErrorResponse } },
    },
    async (request) => accounts.summary(principalOf(request).user.id),
  );
};

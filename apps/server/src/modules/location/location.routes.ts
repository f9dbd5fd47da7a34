import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LocationResult } from '@fuliaotong/contracts';
import type { LocationService } from './location.service.js';

export interface LocationRoutesOptions {
  location: LocationService;
}

export const locationRoutes: FastifyPluginAsyncZod<LocationRoutesOptions> = async (app, { location }) => {
  app.get(
    '/api/app/l-bS',
    {
      schema: {
        tags: ['sample'],
        summary: '按请求方 IP 推断所在省市（离线 ip2region 数据；用于预选收货地区；未知、内网或境外地址返回空值；无需登录）',
        response: { 200: LocationResult },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return location.locate(request.ip);
    },
  );
};

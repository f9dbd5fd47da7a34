import { BuildIdParams, BuildInfo, BuildManifest, HealthResponse, ReadyResponse } from '../system.js';
import type { EndpointSpec } from './endpoint.js';

/** The running service: health and the deployed web build. */
export const systemEndpoints = {
  health: {
    access: 'public',
    tag: '系统',
    summary: '健康检查：数据库可用时返回 200',
    responses: { 200: HealthResponse },
    errors: [503],
  },
  ready: {
    access: 'public',
    tag: '系统',
    summary: '就绪检查：数据库可用、迁移已完成、能收到其他进程的通知时返回 200，否则 503 并说明哪一项未就绪',
    responses: { 200: ReadyResponse },
    errors: [503],
  },
  buildLatest: {
    access: 'public',
    tag: '系统',
    summary: '当前部署的前端构建（客户端定期轮询以发现新版本）',
    responses: { 200: BuildInfo },
  },
  buildManifest: {
    access: 'public',
    tag: '系统',
    summary: '某一前端构建的清单',
    params: BuildIdParams,
    responses: { 200: BuildManifest },
    rows: { kind: 'build', owner: false },
  },
} as const satisfies Record<string, EndpointSpec>;

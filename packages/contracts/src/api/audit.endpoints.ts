import { AuditPage, AuditQuery } from '../audit.js';
import type { EndpointSpec } from './endpoint.js';

const admin = { staff: ['admin'] } as const;

/** The audit log (administrators). */
export const auditEndpoints = {
  adminAuditList: {
    access: admin,
    tag: '用户与日志',
    summary: '操作日志（新的在前）：谁在何时改了什么、改前改后的值；按关键词、对象类型、操作人、日期筛选',
    query: AuditQuery,
    responses: { 200: AuditPage },
  },
} as const satisfies Record<string, EndpointSpec>;

import { endpointRoutes } from '../../http/endpoint-routes.js';
import type { AuditService } from './audit.service.js';

/** The audit log page (admin): read only; nothing in the log can be changed through the API. */
export const auditRoutes = endpointRoutes<{ audit: AuditService }>((route, { audit }) => {
  route('adminAuditList', async (request) => audit.list(request.query));
});

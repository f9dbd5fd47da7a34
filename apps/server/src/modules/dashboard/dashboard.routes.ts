import { endpointRoutes } from '../../http/endpoint-routes.js';
import type { DashboardService } from './dashboard.service.js';

/** The staff console's overview (every staff role). */
export const dashboardRoutes = endpointRoutes<{ dashboard: DashboardService }>((route, { dashboard }) => {
  route('adminDashboard', async (request) => dashboard.overview(request.query));
});

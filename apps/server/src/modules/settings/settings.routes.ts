import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, SampleLimits } from '@fuliaotong/contracts';
import type { AuthGuard } from '../auth/auth.guard.js';
import type { SampleLimitsService } from './settings.service.js';

export interface SettingsRoutesOptions {
  sampleLimits: SampleLimitsService;
  guard: AuthGuard;
}

const staffOnly = { tags: ['admin'], security: [{ bearer: [] }] };
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/** Settings the staff change at run time. */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, { sampleLimits, guard }) => {
  app.addHook('onRequest', guard.requireStaff);

  app.get(
    '/api/admin/settings/sample-limits',
    { schema: { ...staffOnly, summary: '样品限额（工作人员）：样品车种类数、每份申请种类数、每种数量、待审核申请数', response: { 200: SampleLimits, ...errors } } },
    async () => sampleLimits.current(),
  );

  app.put(
    '/api/admin/settings/sample-limits',
    {
      schema: {
        ...staffOnly,
        summary: '修改样品限额（工作人员；立即生效，已在样品车中的样品不受影响）',
        body: SampleLimits,
        response: { 200: SampleLimits, ...errors },
      },
    },
    async (request) => sampleLimits.update(request.body),
  );
};

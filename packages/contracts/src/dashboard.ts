import { z } from 'zod';
import { DASHBOARD_PERIODS } from './constants/staff.js';
import { ApplicationStatus } from './sample.js';

/* The staff console's dashboard (any staff role). */

export const DashboardQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (DASHBOARD_PERIODS as readonly number[]).includes(days), '统计周期只能是 7 天或 30 天')
    .default(7)
    .describe('The period: the last 7 or 30 days (Beijing time, today included)'),
});
export type DashboardQuery = z.input<typeof DashboardQuery>;

/** A count per day of the period, every day present (0 when nothing happened). */
export const DayCounts = z.array(z.object({ day: z.string().describe('YYYY-MM-DD, Beijing time'), count: z.number().int() }));

export const Dashboard = z
  .object({
    days: z.number().int(),
    members: z
      .object({
        total: z.number().int().describe('Users (not staff, not deleted accounts)'),
        new: z.number().int().describe('Registered in the period'),
        byDay: DayCounts,
      })
      .describe('用户（注册的账号，不含工作人员）：总数、本期新注册数与每日新注册数'),
    applications: z.object({
      byStatus: z.record(ApplicationStatus, z.number().int()).describe('All applications by their status now'),
      new: z.number().int(),
      byDay: DayCounts,
    }),
    topKeywords: z
      .array(z.object({ keyword: z.string(), count: z.number().int(), noResults: z.boolean().describe('Some of these searches found nothing') }))
      .describe('The 10 most searched keywords of the period'),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof Dashboard>;

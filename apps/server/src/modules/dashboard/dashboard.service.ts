import { APPLICATION_STATUSES, DashboardQuery as DashboardQuerySchema, type Dashboard, type DashboardQuery } from '@fuliaotong/contracts';
import type { UserDirectory } from '../account/user-directory.js';
import type { ApplicationReads } from '../sample-application/sample-application.repositories.js';
import type { SearchLogReads } from '../search/search.service.js';

const DAY = 24 * 60 * 60 * 1000;
const TOP_KEYWORDS = 10;

/** YYYY-MM-DD of a moment in Beijing. */
function beijingDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The last `days` days in Beijing, today included: their names and the first moment of the first. */
export function period(days: number, now: Date): { names: string[]; since: Date } {
  const names = Array.from({ length: days }, (_, i) => beijingDay(new Date(now.getTime() - (days - 1 - i) * DAY)));
  return { names, since: new Date(`${names[0]}T00:00:00+08:00`) };
}

/** Every day of the period with its count (0 for days without any). */
function everyDay(names: string[], rows: Array<{ day: string; n: number }>) {
  const byDay = new Map(rows.map((row) => [row.day, row.n]));
  return names.map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

/** The staff console's overview: members, sample applications, what visitors search for. */
export class DashboardService {
  constructor(
    private readonly deps: {
      users: Pick<UserDirectory, 'registrationsByDay'>;
      applications: Pick<ApplicationReads, 'statistics'>;
      searches: SearchLogReads;
      now?: () => Date;
    },
  ) {}

  async overview(rawQuery: DashboardQuery): Promise<Dashboard> {
    const { days } = DashboardQuerySchema.parse(rawQuery);
    const { names, since } = period(days, this.deps.now?.() ?? new Date());
    const [members, applications, keywords] = await Promise.all([
      this.deps.users.registrationsByDay(since),
      this.deps.applications.statistics(since),
      this.deps.searches.top(since, TOP_KEYWORDS),
    ]);
    const memberDays = everyDay(names, members.byDay);
    const applicationDays = everyDay(names, applications.byDay);
    const byStatus = Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, 0])) as Dashboard['applications']['byStatus'];
    for (const row of applications.byStatus) byStatus[row.status] = row.n;
    return {
      days,
      members: { total: members.total, new: memberDays.reduce((sum, d) => sum + d.count, 0), byDay: memberDays },
      applications: { byStatus, new: applicationDays.reduce((sum, d) => sum + d.count, 0), byDay: applicationDays },
      topKeywords: keywords.map((k) => ({ keyword: k.keyword, count: k.count, noResults: k.fewestResults === 0 })),
    };
  }
}

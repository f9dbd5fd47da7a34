/*
 * Days as people in China count them (Asia/Shanghai, UTC+8 all year): numbers of orders and
 * applications, dates typed on desks, terms that end at the end of a day.
 */

/** yyyymmdd of a moment in China. */
export function chinaDate(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}${part('month')}${part('day')}`;
}

/** The first moment of a Beijing day (`2027-12-31` → 2027-12-30T16:00Z). */
export function beijingDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** The end of a Beijing day: the first moment of the next. */
export function beijingDayEnd(day: string): Date {
  return new Date(beijingDayStart(day).getTime() + 24 * 60 * 60 * 1000);
}

/** The calendar year in China of a moment, its first moment and the first moment of the next. */
export function beijingYear(at: Date): { year: number; since: Date; until: Date } {
  const year = Number(chinaDate(at).slice(0, 4));
  return { year, since: beijingDayStart(`${year}-01-01`), until: beijingDayStart(`${year + 1}-01-01`) };
}

/** The Beijing day of a moment as `YYYY-MM-DD` (what date fields hold and date inputs send). */
export function beijingDay(at: Date): string {
  const day = chinaDate(at);
  return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
}

/** The day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The periods the staff dashboard covers: the last 7 or 30 days. */
export const DASHBOARD_PERIODS = [7, 30] as const;

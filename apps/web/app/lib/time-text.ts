import dayjs from 'dayjs';

/** A moment as the desks and record pages show it: `2026-11-28 17:30`, or — when there is none. */
export const timeText = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

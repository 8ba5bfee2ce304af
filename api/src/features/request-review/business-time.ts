import { sql, type SQL } from 'drizzle-orm';

/** The transfer agent works on California time: "today" and "this week" start at its midnight. */
export const BUSINESS_TIMEZONE = 'America/Los_Angeles';

/** The start of the day, week (Monday) or month containing `now`, in business time, as a timestamptz expression. */
export function startOf(unit: 'day' | 'week' | 'month', now: Date): SQL {
  return sql`(date_trunc(${unit}, ${now.toISOString()}::timestamptz at time zone ${BUSINESS_TIMEZONE}) at time zone ${BUSINESS_TIMEZONE})`;
}

/** Weekdays from Monday 1970-01-05 up to (not including) the given date: 5 per whole week, plus the days into the last one. */
const weekdaysBefore = (date: SQL) => sql`(5 * ((${date} - date '1970-01-05') / 7) + least((${date} - date '1970-01-05') % 7, 5))`;

/**
 * Business days (Monday to Friday) after `from` up to and including `to`, by business-time date:
 * received Friday, done Monday is 1. Plain arithmetic, so it costs nothing per row. Public holidays
 * are not counted out (see docs/request-status.md).
 */
export function businessDaysBetween(from: SQL, to: SQL): SQL<number> {
  const day = (at: SQL) => sql`(((${at}) at time zone ${BUSINESS_TIMEZONE})::date + 1)`;
  return sql<number>`(${weekdaysBefore(day(to))} - ${weekdaysBefore(day(from))})`;
}

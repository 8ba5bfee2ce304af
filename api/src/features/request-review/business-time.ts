import { sql, type SQL } from 'drizzle-orm';

/** The transfer agent works on California time: "today" and "this week" start at its midnight. */
export const BUSINESS_TIMEZONE = 'America/Los_Angeles';

/** The start of the day, week (Monday) or month containing `now`, in business time, as a timestamptz expression. */
export function startOf(unit: 'day' | 'week' | 'month', now: Date): SQL {
  return sql`(date_trunc(${unit}, ${now.toISOString()}::timestamptz at time zone ${BUSINESS_TIMEZONE}) at time zone ${BUSINESS_TIMEZONE})`;
}

/**
 * Business days (Monday to Friday) after `from` up to and including `to`, by business-time date:
 * received Friday, done Monday is 1. Public holidays are not counted out (see docs/request-status.md).
 */
export function businessDaysBetween(from: SQL, to: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from generate_series(((${from}) at time zone ${BUSINESS_TIMEZONE})::date + 1, ((${to}) at time zone ${BUSINESS_TIMEZONE})::date, interval '1 day') as d where extract(isodow from d) < 6)`;
}

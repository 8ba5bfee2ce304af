import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/** The transfer agent works on California time: "today" and "this week" start at its midnight. */
export const BUSINESS_TIMEZONE = 'America/Los_Angeles';

/**
 * The start of the day, week (Monday) or month containing `now`, in business time, as a timestamptz
 * expression. `now` is a date, or a placeholder bound to an ISO timestamp (prepared queries).
 */
export function startOf(unit: 'day' | 'week' | 'month', now: Date | Placeholder): SQL {
  const at = now instanceof Date ? now.toISOString() : now;
  return sql`(date_trunc(${unit}, ${at}::timestamptz at time zone ${BUSINESS_TIMEZONE}) at time zone ${BUSINESS_TIMEZONE})`;
}

/**
 * Business days (Monday to Friday, US federal holidays out) from a fixed Monday up to the business date
 * of `at` (migrations 0013 and 0029). It never decreases, so "more than N business days old" is a range of it that an index serves.
 */
export function businessDayNumber(at: SQL): SQL<number> {
  return sql<number>`business_day_number(${at})`;
}

/**
 * Business days (Monday to Friday, US federal holidays out) after `from` up to and including `to`, by
 * business-time date: received Friday, done Monday is 1. The arithmetic lives in the database
 * (business_days_between, migrations 0011, 0013 and 0029), where the trigger-kept day counters use it too.
 */
export function businessDaysBetween(from: SQL, to: SQL): SQL<number> {
  return sql<number>`business_days_between(${from}, ${to})`;
}

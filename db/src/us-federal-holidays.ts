import Holidays from 'date-holidays';

/** The years whose holidays the database's business-day arithmetic knows (migration 0029). */
export const HOLIDAY_YEARS = { from: 2000, to: 2100 } as const;

const DAY_MS = 86_400_000;

/**
 * The weekdays on which US federal holidays are observed, as sorted YYYY-MM-DD dates: SEC Rule 17Ad-1
 * counts business days without them. The holidays come from date-holidays; the day off follows the
 * federal rule (5 U.S.C. 6103(b)): a Saturday holiday is observed on the Friday before, a Sunday one
 * on the Monday after. The library lists some of those substitute days and not others (Veterans Day),
 * so the rule is applied here to every holiday and the library's substitutes are not used.
 */
export function usFederalHolidays(fromYear: number = HOLIDAY_YEARS.from, toYear: number = HOLIDAY_YEARS.to): string[] {
  const calendar = new Holidays('US');
  const dates = new Set<string>();
  for (let year = fromYear; year <= toYear; year += 1) {
    for (const holiday of calendar.getHolidays(year)) {
      if (holiday.type !== 'public' || holiday.substitute) continue;
      const day = new Date(`${holiday.date.slice(0, 10)}T00:00:00Z`);
      const shift = { 0: 1, 6: -1 }[day.getUTCDay()] ?? 0;
      dates.add(new Date(day.getTime() + shift * DAY_MS).toISOString().slice(0, 10));
    }
  }
  return [...dates].sort();
}

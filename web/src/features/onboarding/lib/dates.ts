/** The calendar date of `date` on this device, YYYY-MM-DD (what the visitor calls today). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'June 5, 2026' (spec 2.6: dates in long US form). */
export function longUsDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

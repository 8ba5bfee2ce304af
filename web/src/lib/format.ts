/** Dates, times and amounts as the signed-in screens (staff and issuer) show them (en-US, the browser's time zone). */

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '—';
}

export function formatTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? `${dateFormat.format(date)}, ${timeFormat.format(date)}` : '—';
}

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const pricePerShare = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** $35,625.00; `whole` drops the cents ($35,625). */
export function formatMoney(amount: number, whole = false): string {
  return (whole ? wholeDollars : dollars).format(Number.isFinite(amount) ? amount : 0);
}

/** $14.25 or $0.1234: up to four decimals, as a price per share may have. */
export function formatPrice(amount: number): string {
  return pricePerShare.format(amount);
}

/** 12.5 → "12.5%"; a signed change → "+12.5%" / "-3%". */
export function formatPercent(value: number, signed = false): string {
  const text = `${Number.isFinite(value) ? Math.round(value * 10) / 10 : 0}%`;
  return signed && value > 0 ? `+${text}` : text;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

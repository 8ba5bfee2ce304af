/**
 * A whole number with comma thousands separators, as en-US writes it ('100,000'), without Intl: a
 * page's first use of Intl loads its locale data, a task of about 55 ms on a phone, and a message
 * built when a module loads would pay that during the page's load (Lighthouse TBT).
 */
export function groupThousands(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`groupThousands takes a safe integer, not ${value}`);
  const digits = String(Math.abs(value));
  let grouped = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) grouped += ',';
    grouped += digits[i];
  }
  return value < 0 ? `-${grouped}` : grouped;
}

/** RFC 5321's limit on a forward path; longer text is refused before anything reads its shape. */
export const EMAIL_MAX_LENGTH = 254;

// One quantifier over a class that excludes its neighbour '@': a failed match cannot backtrack into
// itself. The dot rule is a plain search instead of `@[^\s@]+\.[^\s@]+`, which backtracks
// quadratically on "a@" + "." x 99,000 + "@" (about 5 s of blocked event loop).
const LOCAL_AT_DOMAIN = /^[^\s@]+@([^\s@]+)$/;

/**
 * The one e-mail rule of the product: something@something.tld, no spaces, one '@', at most 254
 * characters (the length is checked first).
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const domain = LOCAL_AT_DOMAIN.exec(value)?.[1];
  if (domain === undefined) return false;
  // A dot with at least one character on each side.
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}

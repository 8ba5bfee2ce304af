// Zod-free: the one rule for text every field of every request must follow (issue 27), for the server's
// parse boundary (api/src/lib/validate.ts) and any page that wants to check before sending.

/** What a field answers when its text cannot be stored. */
export const UNSTORABLE_TEXT_MESSAGE =
  'Contains characters that cannot be stored (such as a NUL or half of an emoji). Please remove them.';

/**
 * A lone UTF-16 surrogate (not well-formed Unicode: UTF-8 cannot encode it, so it would be stored as
 * U+FFFD or refused by jsonb), or a NUL (PostgreSQL's text cannot hold it). With the u flag a valid
 * surrogate pair is one code point and never matches \p{Cs}; only a half on its own does.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * The path of the first string (or object key) in a parsed JSON value or query that is not storable
 * text, dotted as the API's field errors are (`accounts.0.accountNumber`); '' for the value itself;
 * null when every string is storable.
 */
export function findUnstorableText(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.');
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return path.join('.');
      const found = findUnstorableText(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

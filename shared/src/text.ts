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

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

const pathOf = (visit: Visit): string => {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at; at = at.parent) if (at.key !== null) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The path of the first string (or object key) in a parsed JSON value or query that is not storable
 * text, dotted as the API's field errors are (`accounts.0.accountNumber`); '' for the value itself;
 * null when every string is storable. Iterative, with parent links instead of copied paths: a body
 * nested a hundred thousand levels deep costs no stack and no quadratic copying.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathOf(visit);
    } else if (current && typeof current === 'object') {
      const entries = Array.isArray(current)
        ? current.map((item, index) => [String(index), item] as const)
        : Object.entries(current);
      // Pushed in reverse, so the first field is looked at first, as the message names the first.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        if (!Array.isArray(current) && !isStorableText(key)) return pathOf(visit);
        stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * A name that ends a sentence, with one full stop: "Acme Holdings, Inc." stays as it is rather than becoming
 * "Inc.." (issue 29), "Acme Robotics" gains its stop.
 */
export const endSentenceWith = (name: string): string =>
  /[.!?]$/.test(name.trimEnd()) ? name.trimEnd() : `${name.trimEnd()}.`;

/**
 * What an edit changed, for the activity log: each field whose value differs, with its value before
 * and after. Fields named in `secret` (never a password) are reported as changed without their values.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  secret: readonly (keyof T)[] = [],
): Record<string, { before: unknown; after: unknown } | { changed: true }> {
  const changes: Record<string, { before: unknown; after: unknown } | { changed: true }> = {};
  for (const field of Object.keys(after) as (keyof T & string)[]) {
    if (after[field] === undefined) continue;
    const was = comparable(before[field]);
    const now = comparable(after[field]);
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    changes[field] = secret.includes(field) ? { changed: true } : { before: was, after: now };
  }
  return changes;
}

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

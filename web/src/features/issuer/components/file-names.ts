/** "Acme Corp, Inc." → "acme-corp-inc": a name safe in a file name on every system. */
export function fileSlug(name: string, fallback: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || fallback;
}

/** The browser's calendar day (YYYY-MM-DD), not UTC's: the day the user sees on their own clock. */
export const localDay = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** How the users screen shows a time: "May 1, 2026, 10:00 AM" in the reader's locale, or Never. */
export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

/** The server's own words (or the call's generic message) for a failed call. */
export const failureText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

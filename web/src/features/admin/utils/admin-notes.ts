/** One line of a request's adminNotes, written by the server as `[ISO timestamp] author: text`. */
export interface NoteLine {
  timestamp: string | null;
  author: string | null;
  text: string;
}

const LINE = /^\[([^\]]+)\]\s+([^:]+?):\s?(.*)$/;

export function parseAdminNotes(notes: string | null | undefined): NoteLine[] {
  if (!notes) return [];
  return notes
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = LINE.exec(line);
      return match
        ? { timestamp: match[1]!, author: match[2]!, text: match[3]! }
        : { timestamp: null, author: null, text: line };
    });
}

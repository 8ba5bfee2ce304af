import { parse } from 'bowser';
import { SESSION_BROWSER_MAX_LENGTH } from '@ledgerwell/shared/admin-sessions';

const UNKNOWN = 'Unknown browser';
/** The request context keeps at most 500 characters of the agent; the parser never sees more. */
const AGENT_MAX_LENGTH = 500;

/**
 * 'Chrome 126 on Linux' from a stored User-Agent: enough for a person to tell their sessions apart,
 * and short. The raw agent stays in the database (it is the sender's text, of any shape).
 */
export function browserLabel(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN;
  const { browser, os } = parse(userAgent.slice(0, AGENT_MAX_LENGTH));
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : UNKNOWN;
  const label = os.name ? `${name} on ${os.name}` : name;
  return label.slice(0, SESSION_BROWSER_MAX_LENGTH);
}

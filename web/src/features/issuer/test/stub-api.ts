import { vi } from 'vitest';
import { sessionTokens } from '../../../lib/session-token';

/** What the stubbed server answers a call: JSON, or a binary body (a zip, a CSV) with its type. */
export type Answer = { status: number; body: unknown } | { status: number; bytes: string; type: string };

export interface ApiCall {
  path: string;
  query: Record<string, string>;
  authorization: string | null;
}

export const ISSUER_TOKEN = 'issuer-session-token';

/** A first render loads the screen's chunks (zod, the API client): a busy machine needs more than a second. */
export const LOADED = { timeout: 10_000 };

/**
 * Stubs fetch with `answer`, which sees each call's path and query; an issuer session is stored so the calls
 * carry its token. Returns the calls made, in order.
 */
export function stubIssuerApi(answer: (call: ApiCall) => Answer | Promise<Answer>): ApiCall[] {
  sessionTokens.issuer.set(ISSUER_TOKEN);
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = {
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: new Headers(init?.headers).get('Authorization'),
      };
      calls.push(call);
      const reply = await answer(call);
      return 'bytes' in reply
        ? new Response(reply.bytes, { status: reply.status, headers: { 'Content-Type': reply.type } })
        : new Response(JSON.stringify(reply.body), {
            status: reply.status,
            headers: { 'Content-Type': 'application/json' },
          });
    }),
  );
  return calls;
}

export const ok = (body: unknown): Answer => ({ status: 200, body });

/** The server's error body, as the error handler writes it. */
export const failure = (status: number, code: string, message: string, errors?: Record<string, string>): Answer => ({
  status,
  body: { success: false, code, message, ...(errors ? { errors } : {}) },
});

export const issuerUser = (role: 'ISSUER_ADMIN' | 'ISSUER_VIEWER') => ({
  success: true,
  user: {
    id: 'user-1',
    issuerId: 'issuer-1',
    issuerName: 'Acme Corp',
    email: 'cfo@acme.test',
    role,
    mfaEnabled: true,
    mustEnrollMfa: false,
    lastLoginAt: null,
  },
});

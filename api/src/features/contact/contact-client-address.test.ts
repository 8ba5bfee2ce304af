import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { contactSubmissions } from '@ledgerwell/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CONTACT_MAX_PER_IP } from './submit-contact';

// The contact form's per-address limit, as the address is taken from the socket and X-Forwarded-For.

const valid = { name: 'Dana Whitfield', email: 'dana@example.com', message: 'Please walk us through DWAC transfers.' };

let t: TestApp;
let server: ServerType | undefined;
afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
  await t.close();
});

/** The app behind a real Node server on 127.0.0.1, so that requests have a socket address. */
async function listen(): Promise<string> {
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server!.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** node:http, because fetch cannot send a header twice: each array item goes as its own header line. */
function postOverSocket(base: string, forwardedFor?: string | string[]): Promise<number> {
  const body = JSON.stringify(valid);
  const headers: http.OutgoingHttpHeaders = {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  };
  if (forwardedFor !== undefined) headers['X-Forwarded-For'] = forwardedFor;
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/api/contact`, { method: 'POST', headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const postInProcess = (forwardedFor: string) =>
  t.request('POST', '/api/contact', { body: valid, headers: { 'X-Forwarded-For': forwardedFor } });

const storedAddresses = async () =>
  (await t.deps.db.select({ ip: contactSubmissions.ipAddress }).from(contactSubmissions)).map((row) => row.ip);

describe('the contact limit behind one proxy (TRUST_PROXY=1)', () => {
  it('counts the address the proxy appended, so a new leftmost X-Forwarded-For value each time does not escape it', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    for (let i = 1; i <= CONTACT_MAX_PER_IP; i++) {
      expect((await postInProcess(`10.66.0.${i}, 203.0.113.50`)).status).toBe(201);
    }
    expect((await postInProcess('10.66.0.99, 203.0.113.50')).status).toBe(429);
    expect((await postInProcess('10.66.0.99, 203.0.113.51')).status).toBe(201);
    expect(new Set(await storedAddresses())).toEqual(new Set(['203.0.113.50', '203.0.113.51']));
  });

  it('keys IPv6 clients by their /64: another address in the same /64 shares the limit, one in the next /64 does not', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    for (let i = 1; i <= CONTACT_MAX_PER_IP; i++) {
      expect((await postInProcess(`2001:db8:1:2::${i}`)).status).toBe(201);
    }
    expect((await postInProcess('2001:db8:1:2:ffff:eeee:dddd:cccc')).status).toBe(429);
    expect((await postInProcess('2001:db8:1:3::1')).status).toBe(201);
    // The full address is still what is stored with the message.
    expect(await storedAddresses()).toContain('2001:db8:1:2::1');
  });

  it('reads several X-Forwarded-For header lines as one list, and falls back to the socket when the last entry is no address', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const base = await listen();
    for (let i = 1; i <= CONTACT_MAX_PER_IP; i++) {
      expect(await postOverSocket(base, [`10.66.0.${i}`, '203.0.113.60'])).toBe(201);
    }
    expect(await postOverSocket(base, ['10.66.0.99, 203.0.113.60'])).toBe(429);

    for (let i = 1; i <= CONTACT_MAX_PER_IP; i++) {
      expect(await postOverSocket(base, `10.77.0.${i}, not-an-address`)).toBe(201);
    }
    // Garbage or no header at all: the socket's address, one limit for all of them.
    expect(await postOverSocket(base)).toBe(429);
    expect(new Set(await storedAddresses())).toEqual(new Set(['203.0.113.60', '127.0.0.1']));
  });
});

describe('the contact limit with no proxy trusted (TRUST_PROXY=0)', () => {
  it('ignores X-Forwarded-For: requests from one socket address share one limit whatever they claim', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '0' } });
    const base = await listen();
    for (let i = 1; i <= CONTACT_MAX_PER_IP; i++) {
      expect(await postOverSocket(base, `203.0.113.${i}`)).toBe(201);
    }
    expect(await postOverSocket(base, '203.0.113.99')).toBe(429);
    expect(new Set(await storedAddresses())).toEqual(new Set(['127.0.0.1']));
  });
});

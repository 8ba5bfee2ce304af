import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminUser, createTestApp, loginToken, type TestApp } from './test/test-app';

/** The app behind the real Node server, as production runs it (app.request() skips the Node adapter). */
describe('behind @hono/node-server', () => {
  let t: TestApp;
  let server: ServerType;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp();
    // The same options as server.ts.
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('answers a DELETE without a body (no Content-Length, as browsers send it) instead of failing in the body limit', async () => {
    // node:http, because fetch adds `Content-Length: 0`, which hides the problem.
    await createAdminUser(t.deps, { username: 'alice', password: 'Correct-Horse-7' });
    const token = await loginToken(t, 'alice', 'Correct-Horse-7');
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${base}/api/admin/requests/00000000-0000-4000-8000-000000000000/flag`,
        { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(404);
    expect((JSON.parse(body) as { message: string }).message).toBe('Request not found');
  });

  it('still refuses an oversized JSON body with 413', async () => {
    const res = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(200 * 1024) }),
    });
    expect(res.status).toBe(413);
  });

  /** POSTs a JSON body in chunks (Transfer-Encoding: chunked, no Content-Length): the limit must count as it reads. */
  const postChunked = (path: string, body: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${base}${path}`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      for (let at = 0; at < body.length; at += 16 * 1024) request.write(body.slice(at, at + 16 * 1024));
      request.end();
    });

  it('refuses an oversized chunked body, which declares no length, with 413 as it reads', async () => {
    const res = await postChunked(
      '/api/admin/login',
      JSON.stringify({ username: 'x'.repeat(200 * 1024), password: 'y' }),
    );
    expect(res.status).toBe(413);
    expect((JSON.parse(res.body) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reads a small chunked body whole', async () => {
    await createAdminUser(t.deps, { username: 'carol', password: 'Correct-Horse-8' });
    const res = await postChunked(
      '/api/admin/login',
      JSON.stringify({ username: 'carol', password: 'Correct-Horse-8' }),
    );
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as { token?: string }).token).toBeTruthy();
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const { status } = await new Promise<{ status: number }>((resolve, reject) => {
      const request = http.request(
        `${base}/api/admin/login`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': 200 * 1024 } },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0 });
        },
      );
      // Only the start of the declared body is sent: the answer comes from the header alone.
      request.on('error', reject);
      request.write('{"username":"');
    });
    expect(status).toBe(413);
  });
});

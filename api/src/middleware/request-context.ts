import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../lib/context';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return 'unknown';
  }
}

/** A request id on every response and log line, the caller's address, and one access-log line per request. */
export function requestContext(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('X-Request-Id');
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('meta', {
      requestId,
      ip: clientIp(c, deps.config.TRUST_PROXY),
      userAgent: c.req.header('User-Agent')?.slice(0, 500) ?? null,
    });
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    // Only the path: query strings may carry search terms typed by people.
    log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
}

import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { clientAddress } from '../lib/client-address';
import type { AppDeps, AppEnv } from '../lib/context';
import type { Logger } from '../lib/logger';
import { redactPath } from '../lib/log-redaction';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The request's logger, made on its first use: a pino child costs a redaction pass over its bindings, a tenth of a
 * transfer's CPU (decision 019), and most requests never log at a level that is written.
 */
function lazyChild(logger: Logger, requestId: string): Logger {
  let child: Logger | null = null;
  const made = () => (child ??= logger.child({ requestId }));
  return new Proxy(logger, {
    get(_, key) {
      const value = Reflect.get(made(), key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(made()) : value;
    },
  });
}

/** A request id on every response and log line, the caller's address, and one access-log line per request. */
export function requestContext(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('X-Request-Id');
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = lazyChild(deps.logger, requestId);
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('meta', {
      requestId,
      ip: clientAddress(c, deps.config.TRUST_PROXY),
      userAgent: c.req.header('User-Agent')?.slice(0, 500) ?? null,
    });
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    if (!deps.logger.isLevelEnabled('info')) return;
    // Verification codes in paths are credentials; query strings are never logged (search terms, codes).
    log.info(
      {
        method: c.req.method,
        path: redactPath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
}

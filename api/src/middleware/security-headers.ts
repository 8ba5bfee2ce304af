import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from '../lib/context';

/** A strict policy: no inline scripts or styles, nothing framed, nothing loaded from other origins. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function securityHeaders(deps: AppDeps) {
  const base = secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    // The verification page uses the camera on our own origin only.
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
  });
  const https = createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const forwardedProto = deps.config.TRUST_PROXY ? c.req.header('X-Forwarded-Proto') : undefined;
    const protocol = forwardedProto ?? new URL(c.req.url).protocol.replace(':', '');
    if (protocol === 'https') c.res.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  });
  return [base, https] as const;
}

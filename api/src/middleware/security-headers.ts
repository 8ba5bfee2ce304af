import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from '../lib/context';

/** A strict policy: no inline scripts or styles, nothing framed, nothing loaded from other origins. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets our own WebAssembly (the selfie's face detector) compile; it allows no eval of JavaScript.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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

/** Our proxy's word is the entry it appended last; any entries before it came from further out. */
function proxySaysHttps(forwardedProto: string | undefined): boolean {
  return forwardedProto?.split(',').at(-1)?.trim().toLowerCase() === 'https';
}

export function securityHeaders(deps: AppDeps) {
  const base = secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    // The verification page uses the camera on our own origin only.
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
    // A route that sets one of these headers itself sets a stricter one (the ID photo's
    // `default-src 'none'; sandbox`): the defaults fill in only what the response lacks.
    overwrite: false,
  });
  // The server itself only speaks plain HTTP, so the request URL's scheme (which a client can set
  // with an absolute request target) says nothing: only a trusted proxy or PUBLIC_URL knows.
  const publicOverHttps = deps.config.publicUrl.startsWith('https://');
  const https = createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (publicOverHttps || (deps.config.TRUST_PROXY > 0 && proxySaysHttps(c.req.header('X-Forwarded-Proto')))) {
      c.res.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
  });
  return [base, https] as const;
}

// zod compiles object parsers with `new Function` unless told not to; our CSP has no 'unsafe-eval', so
// its probe for eval is refused and reported as a CSP violation on every page that builds a schema.
// zod decides when each schema is created, so this runs before any module that builds one. It writes
// the object zod keeps its config in (`globalThis.__zod_globalConfig`, which zod reuses when present,
// so that copies of zod share one config) instead of calling z.config(): importing that would put
// 3.7 KB of zod into the home page's bundle. zod-config.test.ts checks that zod reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

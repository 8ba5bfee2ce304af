import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The API client and the shared modules the public pages load before any call fails: each must stay free of zod, whose first
// evaluation costs a phone's main thread 60-120 ms (decision 016). The pages are checked in the built
// app too (tests/e2e/shell.spec.ts); this names the import that broke the rule.
const SHARED = path.resolve(import.meta.dirname, '../../../shared/src');
const ZOD_FREE = ['csrf.ts', 'email-address.ts', 'issuer-onboarding-rules.ts', 'numbers.ts', 'request-types.ts'];

const IMPORT = /^\s*(?:import|export)\s(?!type\s)[^'"]*?from\s*'([^']+)'/gm;

/** Every module `file` imports at run time (type-only imports are erased), with the chain that leads to it. */
function runtimeImports(file: string, seen = new Map<string, string[]>(), chain: string[] = []): Map<string, string[]> {
  for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
    if (specifier === undefined) continue;
    const local = specifier.startsWith('.')
      ? path.resolve(path.dirname(file), `${specifier}.ts`)
      : specifier.startsWith('@ledgerwell/shared/')
        ? path.join(SHARED, `${specifier.slice('@ledgerwell/shared/'.length)}.ts`)
        : null;
    const target = local ?? specifier;
    if (seen.has(target)) continue;
    seen.set(target, [...chain, path.basename(file)]);
    if (local) runtimeImports(local, seen, [...chain, path.basename(file)]);
  }
  return seen;
}

describe('modules the public pages load without zod', () => {
  const files = [...ZOD_FREE.map((name) => path.join(SHARED, name)), path.join(import.meta.dirname, 'api-client.ts')];
  it.each(files.map((file) => [path.relative(path.resolve(SHARED, '../..'), file), file]))(
    '%s imports no zod, directly or through another module',
    (_name, file) => {
      const imports = runtimeImports(file);
      const zod = [...imports].filter(([target]) => target === 'zod' || target.startsWith('zod/'));
      expect(zod.map(([target, via]) => `${[...via, target].join(' → ')}`)).toEqual([]);
    },
  );

  it('finds zod where it is imported', () => {
    expect([...runtimeImports(path.join(SHARED, 'issuer-onboarding.ts')).keys()]).toContain('zod');
  });
});

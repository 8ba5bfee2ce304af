import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns off zod compiling parsers with new Function, in the config zod itself reads', async () => {
    await import('./zod-config');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // Schemas still parse without the compiled fast path.
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});

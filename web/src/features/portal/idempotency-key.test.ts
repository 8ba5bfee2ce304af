import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys, newIdempotencyKey } from './idempotency-key';

describe('idempotency keys', () => {
  it('reuses the key for a retry of the same content and makes a new one for new content or after reset', () => {
    let n = 0;
    const keys = createIdempotencyKeys(() => `key-${++n}-abcdef`);
    const first = keys.keyFor('{"a":1}');
    expect(keys.keyFor('{"a":1}')).toBe(first);
    const second = keys.keyFor('{"a":2}');
    expect(second).not.toBe(first);
    keys.reset();
    expect(keys.keyFor('{"a":2}')).not.toBe(second);
  });

  it('makes keys the server accepts', () => {
    expect(newIdempotencyKey()).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });
});

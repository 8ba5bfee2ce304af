/**
 * One Idempotency-Key per submission of a given content: a retry of the same content (after a
 * network failure, say) reuses the key, so the server files the request once; changed content gets
 * a new key. Keys are 32 hex digits or a UUID, within the server's 8-100 of [A-Za-z0-9_-].
 */
export interface IdempotencyKeys {
  /** The key to send with this content. */
  keyFor(content: string): string;
  /** Forget the key: after a success, or when the server refused it. */
  reset(): void;
}

export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function createIdempotencyKeys(generate: () => string = newIdempotencyKey): IdempotencyKeys {
  let current: { content: string; key: string } | null = null;
  return {
    keyFor(content) {
      if (current?.content !== content) current = { content, key: generate() };
      return current.key;
    },
    reset() {
      current = null;
    },
  };
}

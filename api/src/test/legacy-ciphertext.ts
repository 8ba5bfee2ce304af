import { createCipheriv, randomBytes } from 'node:crypto';

/** What field encryption wrote before row binding: `v1:<iv>:<tag>:<ciphertext>`, no additional data. */
export function legacyV1(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
}

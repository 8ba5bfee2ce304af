import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Secrets never reach them: request bodies are not logged, and any field
 * below with one of these names is replaced, wherever a caller puts it.
 */
export const REDACTED_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'authorization',
  'cookie',
  'taxId',
  'tax_id',
  'shareholder_tax_id',
  'buyerTaxId',
  'csrfToken',
  'accountNumber',
  'INTERCOM_ACCESS_TOKEN',
  'ENCRYPTION_KEY',
  'SMTP_URL',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const paths = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);
  return pino(
    {
      level,
      base: { service: 'ledgerwell-api' },
      redact: { paths, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

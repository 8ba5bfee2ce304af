import pino, { type Logger } from 'pino';
import { serializeError } from './log-redaction';

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
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
  'secretAccessKey',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const paths = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);
  return pino(
    {
      level,
      base: { service: 'ledgerwell-api' },
      redact: { paths, censor: '[redacted]' },
      // Errors under either name: a failed query's bound values must not reach the log (log-redaction.ts).
      serializers: { err: serializeError, error: serializeError },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

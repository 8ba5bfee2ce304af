import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ADMIN_MESSAGES, ADMIN_ROLES, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { isStrongEnough } from '@ledgerwell/shared/password';
// Installs zxcvbn as the password guessability estimator, for every password the server checks (issue 29).
import '@ledgerwell/shared/password-guessability';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value));

/** A comma-separated list of admin roles; empty: none. */
const roleList = z
  .string()
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    ),
  ])
  .refine((roles) => roles.every((role) => (ADMIN_ROLES as readonly string[]).includes(role)), {
    message: `must list roles among ${ADMIN_ROLES.join(', ')}, separated by commas (empty: none)`,
  })
  .transform((roles) => roles as AdminRole[]);

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''], { error: 'must be 1, 0, true or false' })
  .optional()
  .transform((value) => value === '1' || value === 'true');

// `true` and `false` are what TRUST_PROXY took before it counted proxies.
const proxyCount = z
  .string()
  .optional()
  .transform((value) => {
    const text = value?.trim().toLowerCase() ?? '';
    return text === '' || text === 'false' ? '0' : text === 'true' ? '1' : text;
  })
  .pipe(
    z
      .string()
      .regex(/^(10|\d)$/, 'must be the number of proxies in front of the server, 0 to 10')
      .transform(Number),
  );

export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('.data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100).default(10),
  /** Identity photos in this S3-compatible bucket, shared by every process (issue 18); unset: DATA_DIR/uploads on local disk. */
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .max(63, { error: 'must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens', abort: true })
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  /** The store's address when it is not AWS itself (MinIO, R2, s3rver), e.g. http://127.0.0.1:9000. */
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.com' }).optional(),
  ),
  S3_REGION: optionalText.pipe(
    z
      .string()
      .max(40, { error: 'must be a region name such as us-east-1 (or auto)', abort: true })
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a region name such as us-east-1 (or auto)')
      .default('us-east-1'),
  ),
  /** Both or neither; neither: the SDK's default chain (AWS_* variables, shared files, instance or task role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Addresses the bucket as endpoint/bucket rather than bucket.endpoint: what MinIO and s3rver need. */
  S3_FORCE_PATH_STYLE: booleanFlag,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  ADMIN_USERNAME: optionalText.pipe(z.string().min(3, 'must be at least 3 characters').max(100).optional()),
  ADMIN_PASSWORD: optionalText.pipe(
    z
      .string()
      .refine(
        isStrongEnough,
        `${ADMIN_MESSAGES.passwordTooWeak}: use 8+ characters with upper and lower case, digits and symbols`,
      )
      .optional(),
  ),
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
  /** How many proxies in front of the server append to X-Forwarded-For (and set X-Forwarded-Proto); 0: trust neither. */
  TRUST_PROXY: proxyCount,
  /** Load the demo registry at start (README lists its codes and account numbers). */
  DEMO_DATA: booleanFlag,
  WEB_DIST_DIR: z.string().min(1).default('web/dist'),
  /** 32-byte key for PII at rest, as 64 hex characters or base64; unset: generated once into DATA_DIR. */
  ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => /^[0-9a-fA-F]{64}$/.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32,
        'must be 64 hex characters or base64 of 32 bytes',
      )
      .optional(),
  ),
  /** SMTP server for outgoing e-mail (smtp:// or smtps://); unset: e-mails are written to the log. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  /** The site's public address, for absolute links in e-mails (e.g. https://portal.example.com); unset: http://localhost:PORT. */
  PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://portal.example.com' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Ledgerwell Shareholder Services <no-reply@ledgerwell.com>'),
  /** Customer messaging service (Intercom): contact submissions are forwarded when a token is set. */
  INTERCOM_ACCESS_TOKEN: optionalText,
  INTERCOM_API_URL: z
    .url({ error: 'must be a URL such as https://api.intercom.io' })
    .default('https://api.intercom.io'),
  /** Staff address told of each new contact submission (name, company, type and a link; not the message). */
  CONTACT_NOTIFY_TO: optionalText.pipe(z.email('must be an e-mail address such as support@example.com').optional()),
  /** Staff address told of each new issuer application (company, contact and a link; never the EIN). */
  ONBOARDING_NOTIFY_TO: optionalText.pipe(
    z.email('must be an e-mail address such as onboarding@example.com').optional(),
  ),
  /** Roles that must use a second factor (issue 17); empty: none, for local trials. */
  ADMIN_MFA_ROLES: roleList.prefault('SUPER_ADMIN,ADMIN'),
  /**
   * How long a session's last proof (second factor, or the password for a user without one) lets it make
   * sensitive changes (users, IP whitelist, CSV exports) before it must step up again (issue 17); e2e tests shorten it.
   */
  ADMIN_STEP_UP_WINDOW_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(1000, 'must be at least 1000')
    .default(600_000),
  /** PBKDF2 iterations per step of a throttle's proof-of-work challenge (decision 010); tests set 1. */
  CHALLENGE_COST: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .max(1_000_000)
    .default(30000),
  /** Server processes on the one port (node:cluster; issue 18): a whole number up to 64, or auto (one per core). */
  WEB_CONCURRENCY: z
    .string()
    .optional()
    .transform((value) => {
      const text = value?.trim().toLowerCase() ?? '';
      return text === '' ? '1' : text === 'auto' ? String(os.availableParallelism()) : text;
    })
    .pipe(
      z
        .string()
        .regex(/^[1-9]\d?$/, 'must be a number of processes from 1 to 64, or auto (one per core)')
        .transform(Number),
    )
    .refine((count) => count <= 64, 'must be a number of processes from 1 to 64, or auto (one per core)'),
  /** Turns GET /api/metrics on, readable with `Authorization: Bearer <METRICS_TOKEN>` (issue 18); unset: no metrics. */
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(16, 'must be at least 16 characters (a random string, e.g. openssl rand -hex 24)')
      .max(512, 'must be at most 512 characters')
      .optional(),
  ),
  /** On SIGTERM/SIGINT, how long requests in flight may take to finish before their connections are cut (issue 18). */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(600_000, 'must be at most 600000')
    .default(10_000),
  /**
   * Dual control (issue 28): a posting of more shares than this is proposed by one staff member and confirmed
   * by another. An exact decimal; 0 puts every posting under dual control.
   */
  LEDGER_DUAL_CONTROL_SHARES: z
    .string()
    .trim()
    .max(25, { error: 'must be a number of shares such as 10000', abort: true })
    .regex(/^\d{1,18}(?:\.\d{1,6})?$/, 'must be a number of shares such as 10000')
    .default('10000'),
});

export type AppConfig = z.infer<typeof envSchema> & { dataDir: string; webDistDir: string; publicUrl: string };

export class EnvError extends Error {
  constructor(readonly lines: string[]) {
    super(`Invalid environment:\n${lines.join('\n')}`);
  }
}

/** Parses the environment; each bad variable becomes one line naming it. */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): AppConfig {
  const result = envSchema.safeParse(env);
  const lines = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
  // Checked apart from the schema so that it is reported together with every other bad variable.
  if (env.ADMIN_PASSWORD?.trim() && !env.ADMIN_USERNAME?.trim()) {
    lines.push('ADMIN_USERNAME: is required when ADMIN_PASSWORD is set');
  }
  if (!env.S3_ACCESS_KEY_ID?.trim() !== !env.S3_SECRET_ACCESS_KEY?.trim()) {
    lines.push(
      'S3_ACCESS_KEY_ID: set it together with S3_SECRET_ACCESS_KEY, or neither (then the SDK finds credentials itself)',
    );
  }
  const s3Settings = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => env[name]?.trim());
  if (!env.S3_BUCKET?.trim() && s3Settings.length > 0) {
    lines.push(
      `S3_BUCKET: is required when ${s3Settings.join(', ')} ${s3Settings.length > 1 ? 'are' : 'is'} set (photos would otherwise stay on local disk)`,
    );
  }
  // Production gets none of the conveniences of a newcomer's machine: a key file generated beside the
  // data (lost with it, different per process), links to localhost, demo accounts with published codes.
  if (env.NODE_ENV === 'production') {
    if (!env.ENCRYPTION_KEY?.trim())
      lines.push(
        'ENCRYPTION_KEY: is required in production (64 hex characters or base64 of 32 bytes, the same for every process)',
      );
    if (!env.PUBLIC_URL?.trim())
      lines.push(
        'PUBLIC_URL: is required in production (the address links in e-mails point to, such as https://portal.example.com)',
      );
    if (['1', 'true'].includes(env.DEMO_DATA?.trim() ?? ''))
      lines.push('DEMO_DATA: must not be set in production (it loads demo accounts whose codes are published)');
  }
  if (!result.success || lines.length > 0) throw new EnvError(lines);
  return {
    ...result.data,
    dataDir: path.resolve(cwd, result.data.DATA_DIR),
    webDistDir: path.resolve(cwd, result.data.WEB_DIST_DIR),
    // Links in e-mails never come from the request's Host header, which a client controls.
    publicUrl: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`,
  };
}

/** For the server and the command-line tools: the config, or each bad variable printed and exit code 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

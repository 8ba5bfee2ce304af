import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { EnvError, loadConfig } from './env';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: '.data', dataDir: '/srv/app/.data', TRUST_PROXY: 0 });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('takes PUBLIC_URL for links in e-mails, without a trailing slash, and defaults to localhost on PORT', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe('https://portal.example.com');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
  });

  it('takes TRUST_PROXY as the number of proxies in front of the server, and the old true/false as 1/0', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10' }).TRUST_PROXY).toBe(10);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    for (const bad of ['11', '-1', '1.5', 'yes', '01', '1e1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /^Invalid environment:\nTRUST_PROXY: must be the number of proxies in front of the server, 0 to 10$/,
      );
    }
  });

  it('takes ADMIN_MFA_ROLES as a list of known roles, SUPER_ADMIN and ADMIN by default, empty for none', () => {
    expect(loadConfig({}).ADMIN_MFA_ROLES).toEqual(['SUPER_ADMIN', 'ADMIN']);
    expect(loadConfig({ ADMIN_MFA_ROLES: '' }).ADMIN_MFA_ROLES).toEqual([]);
    expect(loadConfig({ ADMIN_MFA_ROLES: ' REVIEWER , SUPER_ADMIN,REVIEWER ' }).ADMIN_MFA_ROLES).toEqual([
      'REVIEWER',
      'SUPER_ADMIN',
    ]);
    expect(() => loadConfig({ ADMIN_MFA_ROLES: 'ADMIN,ROOT' })).toThrow(
      /^Invalid environment:\nADMIN_MFA_ROLES: must list roles among SUPER_ADMIN, ADMIN, REVIEWER, READ_ONLY/,
    );
  });

  it('takes ADMIN_STEP_UP_WINDOW_MS in milliseconds, 10 minutes by default, at least one second', () => {
    expect(loadConfig({}).ADMIN_STEP_UP_WINDOW_MS).toBe(600_000);
    expect(loadConfig({ ADMIN_STEP_UP_WINDOW_MS: '4000' }).ADMIN_STEP_UP_WINDOW_MS).toBe(4000);
    expect(() => loadConfig({ ADMIN_STEP_UP_WINDOW_MS: '999' })).toThrow(
      /^Invalid environment:\nADMIN_STEP_UP_WINDOW_MS: must be at least 1000/,
    );
    expect(() => loadConfig({ ADMIN_STEP_UP_WINDOW_MS: 'soon' })).toThrow(
      /ADMIN_STEP_UP_WINDOW_MS: must be a number of milliseconds/,
    );
  });

  it('takes WEB_CONCURRENCY as a number of processes from 1 to 64, 1 by default, auto for one per core', () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: ' 4 ' }).WEB_CONCURRENCY).toBe(4);
    expect(loadConfig({ WEB_CONCURRENCY: '64' }).WEB_CONCURRENCY).toBe(64);
    expect(loadConfig({ WEB_CONCURRENCY: 'AUTO' }).WEB_CONCURRENCY).toBe(os.availableParallelism());
    for (const bad of ['0', '65', '-1', '1.5', '01', 'many']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: bad }), bad).toThrow(
        /^Invalid environment:\nWEB_CONCURRENCY: must be a number of processes from 1 to 64, or auto \(one per core\)$/,
      );
    }
  });

  it('takes the S3_* variables for photo storage: off by default, keys both or neither, each bad value on one line', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(loadConfig({})).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(
      loadConfig({
        S3_BUCKET: 'lw-photos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
      }),
    ).toMatchObject({
      S3_BUCKET: 'lw-photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'id',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(loadConfig({ S3_BUCKET: '', S3_REGION: '' }).S3_BUCKET).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '', S3_REGION: '' }).S3_REGION).toBe('us-east-1');
    for (const bad of ['ab', 'Photos', '-photos', 'photos_2026', 'a'.repeat(64)]) {
      expect(() => loadConfig({ S3_BUCKET: bad }), bad).toThrow(
        /^Invalid environment:\nS3_BUCKET: must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens$/,
      );
    }
    expect(() => loadConfig({ S3_BUCKET: 'lw-photos', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /^Invalid environment:\nS3_ENDPOINT: must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'lw-photos', S3_REGION: 'US East' })).toThrow(
      /^Invalid environment:\nS3_REGION: must be a region name/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'lw-photos', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /^Invalid environment:\nS3_FORCE_PATH_STYLE: must be 1, 0, true or false$/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'lw-photos', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /^Invalid environment:\nS3_ACCESS_KEY_ID: set it together with S3_SECRET_ACCESS_KEY, or neither/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      /S3_BUCKET: is required when S3_ENDPOINT, S3_SECRET_ACCESS_KEY are set/,
    );
  });

  it('names each bad variable on its own line', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'weak', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const lines = (error as EnvError).lines;
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.startsWith('PORT: '))).toBeDefined();
    expect(lines.find((l) => l.startsWith('DATABASE_URL: must start with postgres://'))).toBeDefined();
    expect(lines.find((l) => l.startsWith('ADMIN_PASSWORD: Password is too weak'))).toBeDefined();
    expect(lines.find((l) => l.startsWith('ADMIN_USERNAME: is required when ADMIN_PASSWORD is set'))).toBeDefined();
    expect(lines.find((l) => l.startsWith('LOG_LEVEL: '))).toBeDefined();
  });

  it('in production requires ENCRYPTION_KEY and PUBLIC_URL and refuses DEMO_DATA, each on its own line with the other errors', () => {
    const failure = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (caught) {
        if (caught instanceof EnvError) return caught.lines;
        throw caught;
      }
      return [];
    };
    const lines = failure({ NODE_ENV: 'production', DEMO_DATA: '1', PORT: 'eighty' });
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith('ENCRYPTION_KEY: is required in production'))).toBeDefined();
    expect(lines.find((l) => l.startsWith('PUBLIC_URL: is required in production'))).toBeDefined();
    expect(lines.find((l) => l.startsWith('DEMO_DATA: must not be set in production'))).toBeDefined();
    expect(lines.find((l) => l.startsWith('PORT: '))).toBeDefined();

    const complete = {
      NODE_ENV: 'production',
      ENCRYPTION_KEY: 'ab'.repeat(32),
      PUBLIC_URL: 'https://portal.example.com',
    };
    expect(loadConfig(complete).publicUrl).toBe('https://portal.example.com');
    expect(failure({ ...complete, DEMO_DATA: 'true' })).toEqual([expect.stringMatching(/^DEMO_DATA: /)]);
    expect(failure({ ...complete, ENCRYPTION_KEY: ' ' })).toEqual([
      expect.stringMatching(/^ENCRYPTION_KEY: is required/),
    ]);
    // Outside production the conveniences stay.
    expect(() => loadConfig({ NODE_ENV: 'development', DEMO_DATA: '1' })).not.toThrow();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminActivity, adminUsers } from '@ledgerwell/db/schema';
import { isStrongEnough } from '@ledgerwell/shared/password';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/test-app';
import { bootstrapAdmin, generatePassword } from './bootstrap';

describe('first-start bootstrap', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('without ADMIN_USERNAME/ADMIN_PASSWORD creates one SUPER_ADMIN with a generated password that must be changed', async () => {
    t = await createTestApp();
    const result = await bootstrapAdmin(t.deps);
    expect(result.created).toBe(true);
    expect(isStrongEnough(result.generatedPassword!)).toBe(true);
    const users = await t.deps.db.select().from(adminUsers);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ username: 'admin', role: 'SUPER_ADMIN', mustChangePassword: true });

    const login = await t.request('POST', '/api/admin/login', {
      body: { username: 'admin', password: result.generatedPassword },
    });
    expect(login.status).toBe(200);
    expect(login.json.user.mustChangePassword).toBe(true);

    expect(await bootstrapAdmin(t.deps)).toEqual({ created: false });
    expect(await t.deps.db.select().from(adminUsers)).toHaveLength(1);
    const recorded = await t.deps.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.actionType, 'ADMIN_BOOTSTRAPPED'));
    expect(JSON.stringify(recorded)).not.toContain(result.generatedPassword);
  });

  it('uses ADMIN_USERNAME and ADMIN_PASSWORD when set, with no forced change', async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: 'founder', ADMIN_PASSWORD: 'Strong-Founder-1' } });
    const result = await bootstrapAdmin(t.deps);
    expect(result).toEqual({ created: true, username: 'founder' });
    const login = await t.request('POST', '/api/admin/login', {
      body: { username: 'founder', password: 'Strong-Founder-1' },
    });
    expect(login.status).toBe(200);
    expect(login.json.user).toMatchObject({ role: 'SUPER_ADMIN', mustChangePassword: false });
  });

  it('creates exactly one admin when two processes start at once', async () => {
    t = await createTestApp();
    const results = await Promise.all([bootstrapAdmin(t.deps), bootstrapAdmin(t.deps)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await t.deps.db.select().from(adminUsers)).toHaveLength(1);
  });
});

describe('generatePassword', () => {
  it('generates varied passwords that always pass the strength rules', () => {
    const passwords = Array.from({ length: 50 }, generatePassword);
    expect(new Set(passwords).size).toBe(50);
    for (const password of passwords) expect(isStrongEnough(password), password).toBe(true);
  });
});

describe('restart', () => {
  it(`keeps admins and sessions across a restart (${TEST_ENGINE})`, async () => {
    const dataDir = TEST_ENGINE === 'embedded' ? fs.mkdtempSync(path.join(os.tmpdir(), 'lw-restart-')) : undefined;
    const first = await createTestApp({ dataDir, env: { ADMIN_USERNAME: 'keeper', ADMIN_PASSWORD: 'Keep-Me-Safe-1' } });
    await bootstrapAdmin(first.deps);
    const login = await first.request('POST', '/api/admin/login', {
      body: { username: 'keeper', password: 'Keep-Me-Safe-1' },
    });
    expect(login.status).toBe(200);
    await first.close();

    const second = await createTestApp({
      dataDir,
      databaseUrl: first.databaseUrl,
      env: { ADMIN_USERNAME: 'other', ADMIN_PASSWORD: 'Other-Pass-12' },
    });
    try {
      expect(await bootstrapAdmin(second.deps)).toEqual({ created: false });
      const verify = await second.request('GET', '/api/admin/auth/verify', { token: login.json.token });
      expect(verify.status).toBe(200);
      expect(verify.json.admin.username).toBe('keeper');
      const activity = await second.deps.db.select().from(adminActivity).where(eq(adminActivity.actionType, 'LOGIN'));
      expect(activity).toHaveLength(1);
    } finally {
      await second.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

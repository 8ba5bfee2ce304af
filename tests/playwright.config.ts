import { defineConfig } from '@playwright/test';
// @ts-expect-error: plain ESM helper shared with run-all.ts
import { chromiumArgs, chromiumMissingMessage, chromiumPath } from './chromium.mjs';

const missing = chromiumMissingMessage();
if (missing) throw new Error(missing);

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'off',
  },
  webServer: {
    // Builds the web app (unless `pnpm test` built it for this run: LW_WEB_BUILT), then serves it with
    // the API on a fresh database (see e2e/serve.ts).
    command:
      process.env.LW_WEB_BUILT === '1'
        ? 'pnpm exec tsx tests/e2e/serve.ts'
        : 'pnpm build && pnpm exec tsx tests/e2e/serve.ts',
    cwd: '..',
    url: `http://localhost:${E2E_PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // DEMO_DATA loads the demo registry the portal specs sign in with (codes in the README).
    env: { PORT: String(E2E_PORT), DEMO_DATA: '1' },
  },
});

// `pnpm test`: every test. Unit and API tests (vitest: embedded database, plus PostgreSQL when
// DATABASE_URL is set), then the end-to-end tests in Chromium (Playwright). Never skips silently.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumMissingMessage } from './chromium.mjs';

const missing = chromiumMissingMessage();
if (missing) {
  console.error(missing);
  process.exit(1);
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-test-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

console.log(process.env.DATABASE_URL ? 'API tests: embedded database and PostgreSQL (DATABASE_URL).' : 'API tests: embedded database (set DATABASE_URL to also run them on PostgreSQL).');
const vitestStatus = run('unit and API tests (vitest)', 'pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const e2eStatus = run('end-to-end tests (Playwright, Chromium)', 'pnpm', ['exec', 'playwright', 'test', '-c', 'tests/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
const vitest = readJson(vitestReport);
const playwright = readJson(playwrightReport);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const broken = vitestStatus !== 0 || e2eStatus !== 0 || !vitest || !playwright;

console.log('');
console.log(`vitest: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'no report'} (exit ${vitestStatus})`);
console.log(`playwright: ${playwright ? `${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed` : 'no report'} (exit ${e2eStatus})`);
console.log(`${passed} passed, ${failed + (broken && failed === 0 ? 1 : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(broken || failed > 0 || passed === 0 ? 1 : 0);

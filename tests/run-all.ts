// `pnpm test`: every test, each exactly once, as stages whose wall times are printed at the end.
//   web build                      once; the browser tests and the prerendered-pages test use it
//   unit and component tests       vitest projects `unit` (node) and `components` (happy-dom)
//   API tests, embedded database   vitest project `api-embedded` (PGlite, the newcomer's engine)
//   API tests, PostgreSQL          vitest project `api-postgres`, only when DATABASE_URL is set
//   browser tests                  Playwright in Chromium, on PostgreSQL when DATABASE_URL is set
//                                  (the production engine), else on the embedded database
// Never skips silently; ends with `N passed, N failed`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropRunDatabases, newTestRunId } from '../db/src/test-databases';
// @ts-expect-error: plain ESM helper shared with playwright.config.ts
import { chromiumMissingMessage } from './chromium.mjs';

const missing: string | null = chromiumMissingMessage();
if (missing) {
  console.error(missing);
  process.exit(1);
}

const serverUrl = process.env.DATABASE_URL || undefined;
const run = process.env.LW_TEST_RUN || newTestRunId();
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-test-reports-'));
const webDist = path.resolve(import.meta.dirname, '../web/dist');

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
interface Stage {
  title: string;
  seconds: number;
  exit: number;
  counts?: Counts;
}
const stages: Stage[] = [];

/** Runs a command with the shared environment, inheriting the terminal; resolves with its exit code. */
function exec(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, LW_TEST_RUN: run, ...env } });
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function stage(title: string, body: () => Promise<{ exit: number; counts?: Counts }>): Promise<Stage> {
  console.log(`\n=== ${title} ===`);
  const started = performance.now();
  const result = await body();
  const done: Stage = { title, seconds: (performance.now() - started) / 1000, ...result };
  stages.push(done);
  return done;
}

const readJson = (file: string) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);

function vitestStage(title: string, projects: string[], env: Record<string, string> = {}) {
  const report = path.join(reports, `${projects.join('+')}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  return stage(title, async () => {
    const exit = await exec(
      'pnpm',
      ['exec', 'vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      env,
    );
    const json = readJson(report);
    // A run that wrote no report (it crashed) counts as one failure: never as a pass.
    if (!json) return { exit: exit || 1 };
    return {
      exit,
      counts: {
        passed: json.numPassedTests,
        failed: json.numFailedTests,
        skipped: json.numPendingTests + json.numTodoTests,
      },
    };
  });
}

console.log(
  serverUrl
    ? `PostgreSQL (DATABASE_URL): API tests on both engines, browser tests on PostgreSQL; run ${run}.`
    : 'Embedded database only (set DATABASE_URL to also run the API tests on PostgreSQL, and the browser tests there).',
);

const build = await stage('web build', async () => ({ exit: await exec('pnpm', ['build']) }));
if (build.exit === 0) {
  await vitestStage('unit and component tests', ['unit', 'components']);
  await vitestStage('API tests, embedded database', ['api-embedded'], { LW_WEB_DIST: webDist });
  if (serverUrl)
    await vitestStage('API tests, PostgreSQL', ['api-postgres'], { LW_WEB_DIST: webDist, LW_TEST_DROP_LATER: '1' });

  // Each DROP DATABASE waits for a checkpoint (about a second): the API tests' databases are dropped
  // while the browser tests run, which mostly wait on Chromium.
  const dropping = serverUrl ? timedDrop(['tpl', 'test']) : Promise.resolve(null);
  const playwrightReport = path.join(reports, 'playwright.json');
  await stage(`browser tests (Playwright, Chromium, ${serverUrl ? 'PostgreSQL' : 'embedded database'})`, async () => {
    const exit = await exec('pnpm', ['exec', 'playwright', 'test', '-c', 'tests/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      LW_WEB_BUILT: '1',
    });
    const json = readJson(playwrightReport);
    if (!json) return { exit: exit || 1 };
    return {
      exit,
      counts: {
        passed: json.stats.expected + json.stats.flaky,
        failed: json.stats.unexpected,
        skipped: json.stats.skipped,
      },
    };
  });
  if (serverUrl) {
    await stage('drop the test databases', async () => {
      const apiDrop = await dropping;
      const e2eDrop = await timedDrop(['e2e']);
      console.log(
        `dropped ${apiDrop?.count ?? 0} API test databases (${apiDrop?.seconds.toFixed(0)} s, during the browser tests) and ${e2eDrop?.count ?? 0} browser test databases`,
      );
      return { exit: apiDrop && e2eDrop ? 0 : 1 };
    });
  }
}

async function timedDrop(kinds: ('tpl' | 'test' | 'e2e')[]): Promise<{ count: number; seconds: number } | null> {
  const started = performance.now();
  try {
    const names = await dropRunDatabases(serverUrl!, run, kinds);
    return { count: names.length, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    console.error(`could not drop the run's ${kinds.join('/')} databases: ${(error as Error).message}`);
    return null;
  }
}

const total = (key: keyof Counts) => stages.reduce((sum, s) => sum + (s.counts?.[key] ?? 0), 0);
const broken = stages.filter((s) => s.exit !== 0 && (s.counts?.failed ?? 0) === 0).length;
const passed = total('passed');
const failed = total('failed') + broken;
const skipped = total('skipped');
const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

console.log('');
for (const s of stages) {
  const counts = s.counts
    ? `  ${s.counts.passed} passed, ${s.counts.failed} failed${s.counts.skipped ? `, ${s.counts.skipped} skipped` : ''}`
    : '';
  console.log(
    `stage ${minutes(s.seconds).padStart(6)}  ${s.title}${counts}${s.exit !== 0 ? `  (exit ${s.exit})` : ''}`,
  );
}
console.log(`stage ${minutes(stages.reduce((sum, s) => sum + s.seconds, 0)).padStart(6)}  all stages`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

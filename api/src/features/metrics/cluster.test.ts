import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerAsk } from './cluster';

const FIXTURE = path.join(import.meta.dirname, 'cluster-fixture.ts');

/** Runs the two-worker fixture; its scrape's text and every other line it printed. */
function runCluster(env: Record<string, string>): Promise<{ text: string; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(timer);
      const line = output.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) reject(new Error(`the cluster printed no result:\n${output}`));
      else resolve({ text: JSON.parse(line.slice('RESULT '.length)) as string, output });
    });
  });
}

describe('metrics in a cluster', () => {
  it("a worker serves the whole cluster's metrics, aggregated by the primary", async () => {
    const { text } = await runCluster({});
    // Worker one counted 2 challenges, worker two 3.
    expect(text).toMatch(/^ledgerwell_throttle_challenges_issued_total 5$/m);
    expect(text).toMatch(/^# TYPE ledgerwell_throttle_challenges_issued_total counter$/m);
  }, 30_000);

  it('a worker that has not turned its metrics on yet (still starting) is left out instead of holding the scrape up', async () => {
    const { text, output } = await runCluster({ FIXTURE_SECOND_SILENT: '1' });
    expect(text).toMatch(/^ledgerwell_throttle_challenges_issued_total 2$/m);
    // The primary's aggregate, not the asking worker's fallback after a timeout.
    expect(output).not.toContain("the cluster's aggregate was not available");
  }, 30_000);

  it('a worker whose primary does not answer serves its own registry, and says so', async () => {
    const { text, output } = await runCluster({ FIXTURE_PRIMARY_ANSWERS: '0', FIXTURE_TIMEOUT_MS: '300' });
    expect(text).toMatch(/^ledgerwell_throttle_challenges_issued_total 2$/m);
    expect(output).toContain("the cluster's aggregate was not available");
  }, 30_000);

  it('the primary answers an ask with the text or the reason, and ignores other messages', async () => {
    expect(await answerAsk({ type: 'ledgerwell:metrics-ask', id: 7 }, async () => 'a 1\n')).toEqual({
      type: 'ledgerwell:metrics-answer',
      id: 7,
      text: 'a 1\n',
    });
    expect(
      await answerAsk({ type: 'ledgerwell:metrics-ask', id: 8 }, () =>
        Promise.reject(new Error('Operation timed out.')),
      ),
    ).toEqual({
      type: 'ledgerwell:metrics-answer',
      id: 8,
      error: 'Operation timed out.',
    });
    expect(await answerAsk({ type: 'prom-client:getMetricsReq', requestId: 1 }, async () => 'x')).toBeNull();
    expect(await answerAsk('scrape', async () => 'x')).toBeNull();
    expect(await answerAsk(null, async () => 'x')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { startScript } from '../test/cluster-process';

const FIXTURE = 'api/src/test/hold-signals-fixture.ts';

describe('holdSignalsDuringStart', () => {
  it('holds a SIGTERM that comes during the start and delivers it once the process listens for it: exit 0', async () => {
    const run = startScript(FIXTURE, { ...process.env, START_MS: '800' });
    await run.waitForLog((line) => line.msg === 'starting');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const messages = run.logs().map((line) => line.msg);
    expect(messages).toEqual([
      'starting',
      'signal received while starting: the process stops once started',
      'stopped after the start',
    ]);
  });

  it('exits 1 when the start has not finished within the timeout after the signal', async () => {
    const run = startScript(FIXTURE, { ...process.env, START_MS: '60000', HOLD_TIMEOUT_MS: '300' });
    await run.waitForLog((line) => line.msg === 'starting');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(1);
    expect(run.logs().map((line) => line.msg)).toContain('the start did not finish in time after the signal: exiting');
  });
});

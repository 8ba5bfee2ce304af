import { describe, expect, it } from 'vitest';
import { scheduleRestart } from './cluster';

describe('scheduleRestart', () => {
  it('replaces at once up to the limit per 10 s, then waits for the window, so a crash loop does not spin', () => {
    const restarts: number[] = [];
    expect(scheduleRestart(restarts, 0, 2)).toBe(0);
    expect(scheduleRestart(restarts, 1_000, 2)).toBe(0);
    // A third crash within 10 s waits until the first replacement is 10 s old.
    expect(scheduleRestart(restarts, 2_000, 2)).toBe(8_000);
    // The next one waits until the second is 10 s old (11 s): never more than 2 in any 10 s.
    expect(scheduleRestart(restarts, 3_000, 2)).toBe(8_000);
    // A quiet minute later: at once again.
    expect(scheduleRestart(restarts, 70_000, 2)).toBe(0);
  });
});

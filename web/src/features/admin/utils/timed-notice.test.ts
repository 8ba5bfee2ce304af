import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_VERIFIED_MESSAGE, ALL_VERIFIED_MS, TimedNotice } from './timed-notice';

describe('the all-verified message', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec’s words and lasts 8000 ms', () => {
    expect(ALL_VERIFIED_MESSAGE).toBe('All documents verified! Request status updated to VERIFIED.');
    expect(ALL_VERIFIED_MS).toBe(8000);
  });

  it('shows at once and hides 8000 ms later', () => {
    const changes: boolean[] = [];
    const notice = new TimedNotice(ALL_VERIFIED_MS, (visible) => changes.push(visible));
    notice.show();
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(7999);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
  });

  it('restarts its clock when shown again', () => {
    const changes: boolean[] = [];
    const notice = new TimedNotice(ALL_VERIFIED_MS, (visible) => changes.push(visible));
    notice.show();
    vi.advanceTimersByTime(5000);
    notice.show();
    vi.advanceTimersByTime(5000);
    expect(changes).toEqual([true, true]);
    vi.advanceTimersByTime(3000);
    expect(changes).toEqual([true, true, false]);
  });

  it('stops its clock when disposed', () => {
    const changes: boolean[] = [];
    const notice = new TimedNotice(ALL_VERIFIED_MS, (visible) => changes.push(visible));
    notice.show();
    notice.dispose();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(ALL_VERIFIED_MS);
    expect(changes).toEqual([true]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageStateScheduler } from './image-state-scheduler';
import { SAVE_DELAY_MS } from './viewer-state';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Save = (key: string, state: number) => Promise<unknown>;

function setup(enabled = true, save = vi.fn<Save>(async () => undefined)) {
  const changes: boolean[] = [];
  const onError = vi.fn();
  const scheduler = new ImageStateScheduler<string, number>({
    delayMs: SAVE_DELAY_MS,
    enabled,
    save,
    onSavingChange: (saving) => changes.push(saving),
    onError,
  });
  return { scheduler, save, changes, onError };
}

describe('ImageStateScheduler (rotation and zoom saves)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 500 ms', () => {
    expect(SAVE_DELAY_MS).toBe(500);
  });

  it('saves 500 ms after the last change of an image, with its latest state', async () => {
    const { scheduler, save } = setup();
    scheduler.schedule('selfie', 90);
    await vi.advanceTimersByTimeAsync(400);
    scheduler.schedule('selfie', 180);
    await vi.advanceTimersByTimeAsync(499);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('selfie', 180);
  });

  it('keeps each image on its own clock', async () => {
    const { scheduler, save } = setup();
    scheduler.schedule('selfie', 90);
    await vi.advanceTimersByTimeAsync(300);
    scheduler.schedule('id_front', 270);
    await vi.advanceTimersByTimeAsync(200);
    expect(save.mock.calls).toEqual([['selfie', 90]]);
    await vi.advanceTimersByTimeAsync(300);
    expect(save.mock.calls).toEqual([
      ['selfie', 90],
      ['id_front', 270],
    ]);
  });

  it('says saving from the first change until the save settles', async () => {
    const pending = deferred();
    const { scheduler, changes } = setup(
      true,
      vi.fn<Save>(() => pending.promise),
    );
    expect(scheduler.saving).toBe(false);
    scheduler.schedule('selfie', 90);
    expect(scheduler.saving).toBe(true);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(scheduler.saving).toBe(true);
    expect(changes).toEqual([true]);
    pending.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.saving).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('stays saving while another image is still waiting', async () => {
    const { scheduler, changes } = setup();
    scheduler.schedule('selfie', 90);
    await vi.advanceTimersByTimeAsync(300);
    scheduler.schedule('id_back', 90);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 300);
    expect(scheduler.saving).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    expect(scheduler.saving).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('only reports a failed save, and is no longer saving', async () => {
    const failure = new Error('Failed to update image state');
    const { scheduler, onError, changes } = setup(
      true,
      vi.fn<Save>(async () => Promise.reject(failure)),
    );
    scheduler.schedule('id_front', 90);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(onError).toHaveBeenCalledWith(failure, 'id_front');
    expect(scheduler.saving).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('schedules nothing when disabled (READ_ONLY)', async () => {
    const { scheduler, save, changes } = setup(false);
    expect(scheduler.schedule('selfie', 90)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    expect(scheduler.saving).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
    expect(changes).toEqual([]);
  });

  it('sends the changes still waiting at once when disposed, and then schedules nothing', async () => {
    const { scheduler, save } = setup();
    scheduler.schedule('selfie', 90);
    scheduler.schedule('id_back', 180);
    scheduler.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(save.mock.calls).toEqual([
      ['selfie', 90],
      ['id_back', 180],
    ]);
    expect(vi.getTimerCount()).toBe(0);
    expect(scheduler.schedule('selfie', 270)).toBe(false);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(2);
  });
});

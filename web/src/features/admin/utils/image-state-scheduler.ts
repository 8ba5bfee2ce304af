export interface ImageStateSchedulerOptions<K, S> {
  /** How long after a key's last change its state is saved (SAVE_DELAY_MS, spec 9). */
  delayMs: number;
  save: (key: K, state: S) => Promise<unknown>;
  /** False for READ_ONLY, whose writes the server refuses: nothing is ever scheduled. */
  enabled: boolean;
  /** Called when `saving` turns true or false. */
  onSavingChange?: (saving: boolean) => void;
  /** A failed save is only reported here (spec 8: rotation and zoom save failures are only logged). */
  onError?: (error: unknown, key: K) => void;
}

/**
 * Saves each key's latest state `delayMs` after its last change, every key on its own clock (the
 * viewer's rotation and zoom, per image: spec 4). `saving` is true from the first change until
 * every save has settled. Free of React, so its timing is tested with fake timers; the hook
 * useImageStateSaver owns one per page.
 */
export class ImageStateScheduler<K, S> {
  private readonly waiting = new Map<K, { timer: ReturnType<typeof setTimeout>; state: S }>();
  private inFlight = 0;
  private reported = false;
  private disposed = false;

  constructor(private readonly options: ImageStateSchedulerOptions<K, S>) {}

  /** A change is waiting to be saved or being saved. */
  get saving(): boolean {
    return this.waiting.size + this.inFlight > 0;
  }

  /** Saves `state` for `key` after the pause, replacing a change of that key still waiting. False when nothing was scheduled. */
  schedule(key: K, state: S): boolean {
    if (!this.options.enabled || this.disposed) return false;
    const previous = this.waiting.get(key);
    if (previous) clearTimeout(previous.timer);
    const timer = setTimeout(() => {
      this.waiting.delete(key);
      this.send(key, state);
    }, this.options.delayMs);
    this.waiting.set(key, { timer, state });
    this.report();
    return true;
  }

  /** The page is closing: sends every waiting change at once, then schedules and reports nothing more. */
  dispose(): void {
    const entries = [...this.waiting];
    this.waiting.clear();
    this.disposed = true;
    for (const [key, entry] of entries) {
      clearTimeout(entry.timer);
      this.send(key, entry.state);
    }
  }

  private send(key: K, state: S): void {
    this.inFlight += 1;
    this.report();
    Promise.resolve()
      .then(() => this.options.save(key, state))
      .catch((error: unknown) => this.options.onError?.(error, key))
      .finally(() => {
        this.inFlight -= 1;
        this.report();
      });
  }

  private report(): void {
    if (this.disposed || this.saving === this.reported) return;
    this.reported = this.saving;
    this.options.onSavingChange?.(this.reported);
  }
}

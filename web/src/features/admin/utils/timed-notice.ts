/** The all-verified message stays this long (spec 9). */
export const ALL_VERIFIED_MS = 8000;
export const ALL_VERIFIED_MESSAGE = 'All documents verified! Request status updated to VERIFIED.';

/**
 * A message shown for a fixed time: show() makes it visible and (re)starts its clock; onChange
 * hears each change. Free of React, so its timing is tested with fake timers.
 */
export class TimedNotice {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly durationMs: number,
    private readonly onChange: (visible: boolean) => void,
  ) {}

  show(): void {
    if (this.timer) clearTimeout(this.timer);
    this.onChange(true);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.onChange(false);
    }, this.durationMs);
  }

  /** Stops the clock (the page is closing); show() still works afterwards. */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

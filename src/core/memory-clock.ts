/** The clock state of one process (the memory store, and a Clock built on its own): the anchor, here. */
import {
  applyChange,
  loadedAnchor,
  savedAnchor,
  startAnchor,
  timeAt,
  type ClockAnchor,
  type ClockChange,
  type ClockStart,
} from './clock-anchor.js';
import type { ClockAnchorState, ClockStateOptions, MoveListener } from './clock-state.js';
import type { ResetOptions } from '../store/state-unit.js';

export class MemoryClockState implements ClockAnchorState {
  readonly name: string;
  private current: ClockAnchor;
  private readonly wallNow: () => number;
  private readonly listeners: MoveListener[] = [];

  constructor(
    private readonly start: ClockStart,
    options: ClockStateOptions = {},
  ) {
    this.name = options.id ?? 'clock';
    this.wallNow = options.wallNow ?? (() => Date.now());
    this.current = startAnchor(start, this.wallNow());
  }

  anchor(): Readonly<ClockAnchor> {
    return this.current;
  }

  now(): number {
    const a = this.current;
    return a.mode === 'frozen' ? a.virtual : timeAt(a, this.wallNow());
  }

  change(change: ClockChange): void {
    this.move(applyChange(this.current, change, this.wallNow()));
  }

  onMove(listener: MoveListener): void {
    this.listeners.push(listener);
  }

  exportShared(): ClockAnchor {
    return savedAnchor(this.current, this.wallNow());
  }

  importShared(data: unknown): void {
    this.move(loadedAnchor(data as ClockAnchor, this.wallNow()));
  }

  reset(options: ResetOptions = {}): void {
    if (!options.keepClock) this.move(startAnchor(this.start, this.wallNow()));
  }

  private move(next: ClockAnchor): void {
    const before = this.now();
    this.current = next;
    // The change's caller (Clock.change) waits for the timers it made due itself.
    for (const listener of this.listeners) void listener(before);
  }
}

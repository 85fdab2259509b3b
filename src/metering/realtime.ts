import type { LedgerEntry, UsageInput } from './ledger.js';
import type { Principal } from './types.js';

/**
 * The spec's realtime rule: streams are metered in checkpoints (about every 30-60 s of audio, the caller
 * decides when) and trued up at completion. A dropped stream keeps its checkpoints, so it loses at most
 * the audio since the last one.
 */
export const REALTIME_CHECKPOINT_SECONDS = 30;

export type RealtimeState = 'open' | 'completed' | 'dropped';

/** Where a stream's usage goes (Metering): by the billing rules, or as a billed true-up. */
export interface StreamRecorder {
  record(usage: UsageInput): LedgerEntry;
  trueUp(usage: UsageInput): LedgerEntry;
}

export class RealtimeMeter {
  private billed = 0;
  private current: RealtimeState = 'open';

  constructor(
    private readonly recorder: StreamRecorder,
    private readonly principal: Principal,
    readonly streamId: string,
    private readonly requestId?: string,
  ) {}

  /** Audio seconds already metered (billed, or counted against the test quota). */
  get billedSeconds(): number {
    return this.billed;
  }

  get state(): RealtimeState {
    return this.current;
  }

  /** Meters the audio since the last checkpoint; a total at or below it meters nothing until complete(). */
  checkpoint(totalAudioSeconds: number): LedgerEntry | undefined {
    this.assertOpen('checkpoint');
    const delta = totalAudioSeconds - this.billed;
    if (!(delta > 0)) return undefined;
    this.billed = totalAudioSeconds;
    return this.recorder.record(this.usage(delta));
  }

  /**
   * Trues up to the authoritative duration: bills the difference when above the checkpoints, credits it
   * back (a negative `true_up` entry) when below.
   */
  complete(finalAudioSeconds: number): LedgerEntry | undefined {
    this.assertOpen('complete');
    this.current = 'completed';
    const delta = finalAudioSeconds - this.billed;
    if (delta === 0) return undefined;
    this.billed = finalAudioSeconds;
    if (this.principal.environment === 'test') return this.recorder.record(this.usage(delta));
    return this.recorder.trueUp(this.usage(delta));
  }

  /** The connection was lost: the checkpoints stand and nothing more is metered. */
  drop(): void {
    if (this.current === 'open') this.current = 'dropped';
  }

  private usage(quantity: number) {
    return {
      product: 'stt_realtime' as const,
      quantity: Math.round(quantity * 1000) / 1000,
      streamId: this.streamId,
      ...(this.requestId ? { requestId: this.requestId } : {}),
    };
  }

  private assertOpen(action: string): void {
    if (this.current !== 'open')
      throw new Error(`cannot ${action} stream '${this.streamId}': it is ${this.current}`);
  }
}

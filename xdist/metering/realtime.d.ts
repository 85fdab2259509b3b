import type { Ledger, LedgerEntry } from './ledger.js';
import type { Principal } from './types.js';
/**
 * The spec's realtime rule: streams are metered in checkpoints (about every 30-60 s of audio, the caller
 * decides when) and trued up at completion. A dropped stream keeps its checkpoints, so it loses at most
 * the audio since the last one.
 */
export declare const REALTIME_CHECKPOINT_SECONDS = 30;
export type RealtimeState = 'open' | 'completed' | 'dropped';
export declare class RealtimeMeter {
    private readonly ledger;
    private readonly principal;
    readonly streamId: string;
    private readonly requestId?;
    private billed;
    private current;
    constructor(ledger: Ledger, principal: Principal, streamId: string, requestId?: string | undefined);
    /** Audio seconds already metered (billed, or counted against the test quota). */
    get billedSeconds(): number;
    get state(): RealtimeState;
    /** Meters the audio since the last checkpoint; a total at or below it meters nothing until complete(). */
    checkpoint(totalAudioSeconds: number): LedgerEntry | undefined;
    /**
     * Trues up to the authoritative duration: bills the difference when above the checkpoints, credits it
     * back (a negative `true_up` entry) when below.
     */
    complete(finalAudioSeconds: number): LedgerEntry | undefined;
    /** The connection was lost: the checkpoints stand and nothing more is metered. */
    drop(): void;
    private usage;
    private assertOpen;
}

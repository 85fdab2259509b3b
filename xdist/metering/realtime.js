/**
 * The spec's realtime rule: streams are metered in checkpoints (about every 30-60 s of audio, the caller
 * decides when) and trued up at completion. A dropped stream keeps its checkpoints, so it loses at most
 * the audio since the last one.
 */
export const REALTIME_CHECKPOINT_SECONDS = 30;
export class RealtimeMeter {
    ledger;
    principal;
    streamId;
    requestId;
    billed = 0;
    current = 'open';
    constructor(ledger, principal, streamId, requestId) {
        this.ledger = ledger;
        this.principal = principal;
        this.streamId = streamId;
        this.requestId = requestId;
    }
    /** Audio seconds already metered (billed, or counted against the test quota). */
    get billedSeconds() {
        return this.billed;
    }
    get state() {
        return this.current;
    }
    /** Meters the audio since the last checkpoint; a total at or below it meters nothing until complete(). */
    checkpoint(totalAudioSeconds) {
        this.assertOpen('checkpoint');
        const delta = totalAudioSeconds - this.billed;
        if (!(delta > 0))
            return undefined;
        this.billed = totalAudioSeconds;
        return this.ledger.record(this.principal, this.usage(delta));
    }
    /**
     * Trues up to the authoritative duration: bills the difference when above the checkpoints, credits it
     * back (a negative `true_up` entry) when below.
     */
    complete(finalAudioSeconds) {
        this.assertOpen('complete');
        this.current = 'completed';
        const delta = finalAudioSeconds - this.billed;
        if (delta === 0)
            return undefined;
        this.billed = finalAudioSeconds;
        if (this.principal.environment === 'test')
            return this.ledger.record(this.principal, this.usage(delta));
        return this.ledger.add(this.principal, this.usage(delta), 'billed', 'true_up');
    }
    /** The connection was lost: the checkpoints stand and nothing more is metered. */
    drop() {
        if (this.current === 'open')
            this.current = 'dropped';
    }
    usage(quantity) {
        return {
            product: 'stt_realtime',
            quantity: Math.round(quantity * 1000) / 1000,
            streamId: this.streamId,
            ...(this.requestId ? { requestId: this.requestId } : {}),
        };
    }
    assertOpen(action) {
        if (this.current !== 'open')
            throw new Error(`cannot ${action} stream '${this.streamId}': it is ${this.current}`);
    }
}

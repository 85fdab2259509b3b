/**
 * The pipeline's RequestState. A class, not an object literal: a literal with an accessor made per request
 * held the request's closure (req, res, the journal entry) from where V8 keeps such literals, so every
 * request's objects survived young-generation collections until the next full one (docs/benchmarks.md,
 * "Issue 15, sixth session").
 */
export class PipelineRequestState {
    requestId;
    journal;
    startedAt;
    principal = null;
    controller;
    clientGone = false;
    constructor(requestId, journal, startedAt) {
        this.requestId = requestId;
        this.journal = journal;
        this.startedAt = startedAt;
    }
    // Made on first use: most requests never read their signal, and an AbortController costs microseconds.
    get signal() {
        if (this.controller === undefined) {
            this.controller = new AbortController();
            if (this.clientGone)
                this.controller.abort(new Error('client disconnected'));
        }
        return this.controller.signal;
    }
    setPrincipal(principal) {
        this.principal = principal;
        const journal = this.journal;
        journal.org_id = principal.orgId;
        journal.key_id = principal.keyId;
        journal.key = principal.keyDisplay;
        journal.environment = principal.environment;
    }
    /** The client went away before the response was complete: the signal aborts, now or when first made. */
    clientDisconnected() {
        this.clientGone = true;
        this.controller?.abort(new Error('client disconnected'));
    }
}
export function requestState(res) {
    return res.locals.svc;
}

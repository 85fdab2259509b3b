/** The spec's acknowledgment rule: 2xx within 5 seconds (real wall time, it is a network timeout). */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 5000;
export const USER_AGENT = 'svc-emulator-webhooks/1';
/** Sends one request through a fetch implementation (when one is injected); never rejects. */
export async function sendWithFetch(plan, fetchImpl, timeoutMs, cancel) {
    const started = performance.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([timeout, cancel]);
    try {
        const res = await fetchImpl(plan.url, {
            method: 'POST',
            headers: plan.headers,
            body: plan.body,
            redirect: 'manual',
            signal,
        });
        // Drain the body so the connection can be reused; its content does not matter.
        await res.arrayBuffer().catch(() => undefined);
        const latencyMs = Math.round(performance.now() - started);
        const ok = res.status >= 200 && res.status < 300;
        return {
            ok,
            statusCode: res.status,
            latencyMs,
            ...(ok ? {} : { error: `receiver answered ${res.status}` }),
        };
    }
    catch (err) {
        const latencyMs = Math.round(performance.now() - started);
        if (timeout.aborted)
            return { ok: false, error: `timeout: no answer within ${timeoutMs} ms`, latencyMs };
        if (cancel.aborted)
            return { ok: false, error: 'cancelled by reset', latencyMs };
        return { ok: false, error: describe(err), latencyMs };
    }
}
function describe(err) {
    if (!(err instanceof Error))
        return String(err);
    const cause = err.cause;
    if (cause && (cause.code || cause.message))
        return [cause.code, cause.message].filter(Boolean).join(': ');
    return err.message;
}

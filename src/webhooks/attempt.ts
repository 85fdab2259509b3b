import type { WebhookDelivery } from './types.js';

/** The spec's acknowledgment rule: 2xx within 5 seconds (real wall time, it is a network timeout). */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 5000;
export const USER_AGENT = 'svc-emulator-webhooks/1';

/**
 * One HTTP attempt as it is about to be sent. A `beforeAttempt` hook may change it in place: rewrite
 * headers (e.g. a bad signature), the URL or the body, set `copies` above 1 to send duplicates, or delay
 * by awaiting before returning. This is the seam for webhook fault injection.
 */
export interface AttemptPlan {
  readonly delivery: Readonly<WebhookDelivery>;
  readonly attempt: number;
  /** The endpoint's signing secret (a fault may sign with another, or at another time). */
  readonly secret: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  timestampSeconds: number;
  /** How many identical requests to send; the first one's answer decides the outcome. */
  copies: number;
}

export type BeforeAttemptHook = (plan: AttemptPlan) => void | Promise<void>;

export interface AttemptOutcome {
  ok: boolean;
  statusCode?: number;
  error?: string;
  latencyMs: number;
}

/** Sends one request through a fetch implementation (when one is injected); never rejects. */
export async function sendWithFetch(
  plan: Pick<AttemptPlan, 'url' | 'headers' | 'body'>,
  fetchImpl: typeof fetch,
  timeoutMs: number,
  cancel: AbortSignal,
): Promise<AttemptOutcome> {
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
  } catch (err) {
    const latencyMs = Math.round(performance.now() - started);
    if (timeout.aborted) return { ok: false, error: `timeout: no answer within ${timeoutMs} ms`, latencyMs };
    if (cancel.aborted) return { ok: false, error: 'cancelled by reset', latencyMs };
    return { ok: false, error: describe(err), latencyMs };
  }
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause as { code?: string; message?: string } | undefined;
  if (cause && (cause.code || cause.message)) return [cause.code, cause.message].filter(Boolean).join(': ');
  return err.message;
}

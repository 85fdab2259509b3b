/**
 * The `response` channel on HTTP: faults that mangle a /v1 JSON answer the handler produced (2xx only), at
 * the point it is written (sendJson). The fault stage arms the hook only while a response rule exists, so
 * a request with none writes its answer as before. Audio answers and streams are never matched (JSON
 * kinds make no sense there; streams have stream_truncate). The answer is billed as usual: the work was done.
 */
import type { Response } from 'express';
import type { OperationContext } from '../http/context.js';
import { keepResponseJson } from '../observe/capture.js';
import { omitOptional, responseSchema, type OptionalFieldsSource } from '../contract/optional-fields.js';
import { KIND_CHANNEL } from './kinds.js';
import type { FaultHit, FaultRule, FaultStore, FaultTarget } from './store.js';

/** What sendJson calls for a 2xx answer while armed; it writes the answer, faulted or not. */
export type ResponseFaultHook = (status: number, text: string) => void;

/** extra_fields without `fields`: names no answer of the spec uses. */
export const DEFAULT_EXTRA_FIELDS: Readonly<Record<string, unknown>> = { x_emulator_extra: 1 };

export const DEFAULT_WRONG_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** Arms the hook on this request's answer when a response rule exists (a loop over the rules, no allocation otherwise). */
export function armResponseFaults(
  faults: FaultStore,
  contract: OptionalFieldsSource,
  ctx: OperationContext,
  target: FaultTarget,
): void {
  // A rule from X-Emulator-Fault is not stored: hasChannel does not see it.
  const fromHeader = target.requestRule && KIND_CHANNEL[target.requestRule.kind] === 'response';
  if (!fromHeader && !faults.hasChannel('response')) return;
  let used = false;
  const hook: ResponseFaultHook = (status, text) => {
    if (used) return writePlain(ctx.res, status, text);
    used = true;
    const taken = faults.take('response', target);
    if (!(taken instanceof Promise)) return applyResponseFault(taken, ctx, contract, status, text);
    // A counted rule under a shared store: written once claimed.
    void taken.then(
      (hit) => applyResponseFault(hit, ctx, contract, status, text),
      () => writePlain(ctx.res, status, text),
    );
  };
  (ctx.res.locals as { responseFault?: ResponseFaultHook }).responseFault = hook;
}

function writePlain(res: Response, status: number, text: string, contentType?: string): void {
  res.status(status);
  res.setHeader('Content-Type', contentType ?? 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  // Only JSON text may be kept as the answer's JSON: the journal parses it when the entry is read.
  if (text !== '') keepResponseJson(res, text);
  res.end(text);
}

export function applyResponseFault(
  hit: FaultHit | null,
  ctx: OperationContext,
  contract: OptionalFieldsSource,
  status: number,
  text: string,
): void {
  const { res } = ctx;
  if (!hit) return writePlain(res, status, text);
  ctx.journal.fault = hit.journal;
  ctx.journal.off_contract = hit.offContract;
  // Off-contract answers are what the fault is for: the self-check must not fail the test that asked for them.
  if (hit.offContract) res.locals.contractExempt = true;
  const rule = hit.rule;
  switch (rule.kind) {
    case 'truncate_json':
      return truncate(res, rule, status, text);
    case 'empty_body':
      return writePlain(res, status, '');
    case 'wrong_content_type':
      return writePlain(res, status, text, rule.content_type ?? DEFAULT_WRONG_CONTENT_TYPE);
    case 'omit_optional': {
      const schema = responseSchema(contract.doc, ctx.operation.raw, status);
      return writePlain(res, status, JSON.stringify(omitOptional(contract, schema, JSON.parse(text))));
    }
    case 'extra_fields':
      return writePlain(res, status, JSON.stringify(addFields(JSON.parse(text), rule)));
    default:
      return writePlain(res, status, text);
  }
}

/** Adds the rule's fields to a JSON object answer; a name the answer already has is skipped (the fault only adds). */
export function addFields(value: unknown, rule: Pick<FaultRule, 'fields'>): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out = { ...(value as Record<string, unknown>) };
  for (const [name, v] of Object.entries(rule.fields ?? DEFAULT_EXTRA_FIELDS))
    if (!(name in out)) out[name] = v;
  return out;
}

function truncate(res: Response, rule: FaultRule, status: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  // Always cut at least one byte, so the JSON is never whole.
  const cut = Math.max(0, Math.min(rule.after_bytes ?? Math.floor(bytes.length / 2), bytes.length - 1));
  const part = bytes.subarray(0, cut);
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (rule.length_header === 'truncated') {
    res.setHeader('Content-Length', part.length);
    res.end(part);
    return;
  }
  // `original`: the whole length is declared, the cut bytes flushed, then the connection dropped.
  res.setHeader('Content-Length', bytes.length);
  res.write(part, () => res.socket?.destroy());
}

/**
 * `extra_fields` on a WebSocket session: the rule's fields (default DEFAULT_EXTRA_FIELDS) added to every JSON
 * object the server sends in a text frame. Binary (audio) frames pass untouched, and a field the frame already
 * has is kept as it is, so the fault only ever adds.
 */
import type { WebSocket } from 'ws';
import type { FaultRule } from './store.js';
import { isTextFrame, wrapSend } from './ws-send.js';

/** The fields added when the rule names none (the rule's explanation names them). */
export const DEFAULT_EXTRA_FIELDS: Readonly<Record<string, unknown>> = { x_emulator_extra: 1 };

export function armExtraFields(rule: FaultRule, ws: WebSocket): void {
  const fields = Object.entries(rule.fields ?? DEFAULT_EXTRA_FIELDS);
  const forward = wrapSend(ws, (frame) => {
    if (!isTextFrame(frame)) return forward(frame);
    let value: unknown;
    try {
      value = JSON.parse(String(frame.data));
    } catch {
      return forward(frame);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return forward(frame);
    const obj = value as Record<string, unknown>;
    for (const [k, v] of fields) if (!Object.hasOwn(obj, k)) obj[k] = v;
    forward({ ...frame, data: JSON.stringify(obj) });
  });
}

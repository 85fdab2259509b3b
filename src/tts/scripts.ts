/**
 * Scripted clips, registered through `POST /_emulator/tts/scripts`: the next clip of the organization (any
 * organization's without `org_id`) lasts `duration_seconds` (the speech cut, or padded with silence), comes
 * out as `format`, or fails with `error`. Applies to POST /v1/tts and POST /v1/tts/stream (which is MP3
 * whatever `format` says); not to the realtime socket. Billing is unchanged: the request's characters.
 */
import type { ScriptQueue, QueuedScript } from '../scripts/script-queue.js';
import type { ScriptErrorInput } from '../scripts/scripted-error.js';
import type { ClipFormat } from './format.js';
import type { Utterance } from './service.js';

/** The admin body (schema `TtsScriptInput` in openapi/admin.yaml). */
export interface TtsScriptInput {
  org_id?: string;
  queue?: number;
  duration_seconds?: number;
  format?: ClipFormat;
  error?: ScriptErrorInput;
}

export type TtsScript = QueuedScript<TtsScriptInput>;
export type TtsScripts = ScriptQueue<TtsScriptInput>;

/** The utterance a script shapes: the same text and voice (so the same bill), lasting the scripted time. */
export function scriptedUtterance(u: Utterance, script: TtsScript | undefined): Utterance {
  if (script?.duration_seconds === undefined) return u;
  return { ...u, audioSeconds: script.duration_seconds, fit: true };
}

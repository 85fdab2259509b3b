/**
 * Scripted clips, registered through `POST /_emulator/tts/scripts`: the next clip of the organization (any
 * organization's without `org_id`) lasts `duration_seconds` (the speech cut, or padded with silence), comes
 * out as `format`, or fails with `error`. Applies to POST /v1/tts and POST /v1/tts/stream (which is MP3
 * whatever `format` says); not to the realtime socket. Billing is unchanged: the request's characters.
 */
import type { ScriptQueue, QueuedScript } from '../scripts/script-queue.js';
import type { TtsScriptInput } from '../contract/admin-types.js';
import type { Utterance } from './service.js';

/** The admin body is the document's (`TtsScriptInput`). */
export type { TtsScriptInput } from '../contract/admin-types.js';

export type TtsScript = QueuedScript<TtsScriptInput>;
export type TtsScripts = ScriptQueue<TtsScriptInput>;

/** The utterance a script shapes: the same text and voice (so the same bill), lasting the scripted time. */
export function scriptedUtterance(u: Utterance, script: TtsScript | undefined): Utterance {
  if (script?.duration_seconds === undefined) return u;
  return { ...u, audioSeconds: script.duration_seconds, fit: true };
}

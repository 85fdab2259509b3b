/**
 * What a script registered for an upload (scripts.ts) answers: its transcript, or its error exactly as
 * registered (src/scripts/scripted-error.ts). Used by SttService (service.ts).
 */
import { scriptedError } from '../scripts/scripted-error.js';
import { scriptedTranscript, type Script } from './scripts.js';
import type { Outcome } from './service.js';

export function scriptOutcome(script: Script, seconds: number): Outcome {
  if (script.error) return { kind: 'error', error: scriptedError(script) };
  return { kind: 'transcript', transcript: scriptedTranscript(script, seconds), seconds };
}

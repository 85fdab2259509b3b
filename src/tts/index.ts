import type { ProductArea } from '../areas.js';
import type { Emulator } from '../emulator.js';

/** The TTS product area: /v1 handlers, admin handlers and boot state. */
export function createTtsArea(_emulator: Emulator): ProductArea {
  return { name: 'tts' };
}

import type { ProductArea } from '../areas.js';
import type { Emulator } from '../emulator.js';

/** The STT product area: /v1 handlers, admin handlers and boot state. */
export function createSttArea(_emulator: Emulator): ProductArea {
  return { name: 'stt' };
}

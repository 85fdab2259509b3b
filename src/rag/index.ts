import type { ProductArea } from '../areas.js';
import type { Emulator } from '../emulator.js';

/** The RAG product area: /v1 handlers, admin handlers and boot state. */
export function createRagArea(_emulator: Emulator): ProductArea {
  return { name: 'rag' };
}

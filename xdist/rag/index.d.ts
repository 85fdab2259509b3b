import type { ProductArea } from '../areas.js';
import type { Emulator } from '../emulator.js';
/** The RAG product area: /v1 handlers, the tenant gate, admin handlers and the demo corpus at boot. */
export declare function createRagArea(emulator: Emulator): ProductArea;

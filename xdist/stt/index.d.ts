import type { ProductArea } from '../areas.js';
import type { Emulator } from '../emulator.js';
/** The STT product area: /v1 handlers, admin handlers and boot state. */
export declare function createSttArea(emulator: Emulator): ProductArea;
export { SttService } from './service.js';

import type { ProductArea } from '../areas.js';
import type { Emulator } from '../emulator.js';
/** The TTS product area: /v1 handlers, admin handlers and boot state. */
export declare function createTtsArea(emulator: Emulator): ProductArea;
export { TtsService, countCharacters, type Utterance } from './service.js';
export { VoiceCatalogue, type Voice } from './voices.js';
export { negotiateClipFormat, type ClipFormat } from './format.js';

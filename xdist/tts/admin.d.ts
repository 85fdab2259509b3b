/** Admin handlers of the TTS area (openapi/admin.yaml, tag `tts`). */
import type { AdminHandler } from '../admin/admin-context.js';
import type { Journal } from '../http/journal.js';
import type { TtsService } from './service.js';
import type { VoiceCatalogue } from './voices.js';
export declare function ttsAdminHandlers(deps: {
    voices: VoiceCatalogue;
    service: TtsService;
    journal: Journal;
}): Record<string, AdminHandler>;

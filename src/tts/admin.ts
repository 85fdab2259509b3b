/** Admin handlers of the TTS area (openapi/admin.yaml, tag `tts`). */
import type { AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import type { VoiceCatalogue } from './voices.js';
import { voiceView } from './voices.js';

export function ttsAdminHandlers(voices: VoiceCatalogue): Record<string, AdminHandler> {
  return {
    // The spec has no voice list under /v1, so the catalogue is an emulator extension.
    'admin.listVoices': (ctx) => sendJson(ctx, 200, { voices: voices.voices.map(voiceView) }),
  };
}

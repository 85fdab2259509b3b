/** Admin handlers of the TTS area (openapi/admin.yaml, tag `tts`). */
import type { AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { Journal } from '../journal/journal.js';
import { CONTENT_TYPES } from './format.js';
import type { TtsInput, TtsService } from './service.js';
import type { VoiceCatalogue } from './voices.js';
import { voiceView } from './voices.js';

const AUDIO_OPERATIONS = new Set(['tts.speak', 'tts.stream']);

export function ttsAdminHandlers(deps: {
  voices: VoiceCatalogue;
  service: TtsService;
  journal: Journal;
}): Record<string, AdminHandler> {
  return {
    // The spec has no voice list under /v1, so the catalogue is an emulator extension.
    'admin.listVoices': (ctx) => sendJson(ctx, 200, { voices: deps.voices.voices.map(voiceView) }),

    'admin.getTtsCache': (ctx) => sendJson(ctx, 200, deps.service.cache.stats()),

    'admin.clearTtsCache': (ctx) => {
      deps.service.cache.clear();
      sendJson(ctx, 200, deps.service.cache.stats());
    },

    /**
     * The audio a journaled TTS request was answered with (decision U8). Output is deterministic, so the
     * bytes are rendered again from the recorded request rather than kept in the journal; nothing is billed.
     * The render goes through the clip cache like any other: the bytes are the same, so a clip answered a
     * moment ago is usually served from it (decisions "TTS clip cache").
     */
    'admin.getRequestAudio': async (ctx) => {
      const id = ctx.params.id;
      const entry = await deps.journal.find(id);
      if (!entry) throw new ApiError('not_found', `no request ${id} in the journal`);
      const body = entry.request.body as TtsInput | null;
      const audio = entry.response.audio;
      if (
        !AUDIO_OPERATIONS.has(entry.operation_id ?? '') ||
        entry.status !== 200 ||
        !audio ||
        !body ||
        typeof body !== 'object' ||
        entry.request.body_truncated
      ) {
        throw new ApiError(
          'not_found',
          `request ${id} (${entry.method} ${entry.path}, status ${entry.status ?? 'none'}) was not answered with TTS audio`,
        );
      }
      const u = deps.service.utterance(body);
      const wav = audio.type.startsWith(CONTENT_TYPES.wav);
      const bytes = wav
        ? await deps.service.wavClip(u, () => ctx.signal)
        : await deps.service.mp3Clip(u, () => ctx.signal);
      ctx.res
        .status(200)
        .type(wav ? CONTENT_TYPES.wav : CONTENT_TYPES.mp3)
        .send(bytes);
    },
  };
}

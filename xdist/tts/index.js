import { ttsAdminHandlers } from './admin.js';
import { ttsRealtimeHandler } from './realtime.js';
import { ttsRoutes } from './routes.js';
import { TtsService } from './service.js';
import { VoiceCatalogue } from './voices.js';
/** The warm-up of the worker threads starts this long after boot, off the start-up path. */
const WARM_UP_DELAY_MS = 100;
/** The TTS product area: /v1 handlers, admin handlers and boot state. */
export function createTtsArea(emulator) {
    const voices = VoiceCatalogue.load();
    const service = new TtsService(voices, emulator.metering, emulator.workers, {
        mp3Encoder: emulator.config.mp3Encoder,
        cacheMb: emulator.config.ttsCacheMb,
    });
    let warmUp;
    return {
        name: 'tts',
        handlers: ttsRoutes(service, emulator.faults),
        wsHandlers: {
            'tts.realtime': ttsRealtimeHandler({ service, contract: emulator.contract, clock: emulator.clock }),
        },
        adminHandlers: ttsAdminHandlers({ voices, service, journal: emulator.journal }),
        boot() {
            // Synthesis and encoding run on the worker threads (src/workers): start one and compile the encoder
            // there, so the first request finds a warm thread. Only one: each idle thread holds about 15 MB, and the
            // pool has one per core (docs/decisions.md, "Issue 15: start-up"). A failure only costs speed.
            warmUp = setTimeout(() => void service.warmUp(1).catch(() => undefined), WARM_UP_DELAY_MS);
            warmUp.unref();
        },
        close() {
            clearTimeout(warmUp);
        },
    };
}
export { TtsService, countCharacters } from './service.js';
export { VoiceCatalogue } from './voices.js';
export { negotiateClipFormat } from './format.js';

import type { ProductArea } from '../areas.js';
import { QUALITY_TIERS, warmUpMp3Encoder, type QualityTier } from '../audio/index.js';
import type { Emulator } from '../emulator.js';
import { ttsAdminHandlers } from './admin.js';
import { ttsRealtimeHandler } from './realtime.js';
import { ttsRoutes } from './routes.js';
import { TtsService } from './service.js';
import { VoiceCatalogue } from './voices.js';

/**
 * Seconds of audio per quality tier encoded at boot so lamejs is compiled by the JIT before the first
 * request (a cold first encode costs 60-90 ms; see docs/benchmarks.md). Short on purpose: start-up stays
 * well under a second.
 */
const WARM_UP_SECONDS_PER_TIER = 0.25;
let warmedUp = false;
const WARM_UP_DELAY_MS = 100;
const WARM_UP_GAP_MS = 20;

/** The TTS product area: /v1 handlers, admin handlers and boot state. */
export function createTtsArea(emulator: Emulator): ProductArea {
  const voices = VoiceCatalogue.load();
  const service = new TtsService(voices, emulator.metering);
  return {
    name: 'tts',
    handlers: ttsRoutes(service, emulator.faults),
    wsHandlers: {
      'tts.realtime': ttsRealtimeHandler({ service, contract: emulator.contract, clock: emulator.clock }),
    },
    adminHandlers: ttsAdminHandlers(voices),
    boot() {
      // After start-up, not during it, and one tier per timer turn, so the first requests of a fresh process
      // are never queued behind the whole JIT warm-up. The JIT state is per process: one warm-up serves every
      // emulator in it.
      const tiers = warmedUp ? [] : (Object.keys(QUALITY_TIERS) as QualityTier[]);
      warmedUp = true;
      const step = () => {
        const tier = tiers.shift();
        if (tier) {
          warmUpMp3Encoder(WARM_UP_SECONDS_PER_TIER, [tier]);
          setTimeout(step, WARM_UP_GAP_MS).unref();
        } else {
          service.prepareEncoders();
        }
      };
      setTimeout(step, WARM_UP_DELAY_MS).unref();
    },
    close() {
      service.encoders.close();
    },
  };
}

export { TtsService, countCharacters, type Utterance } from './service.js';
export { VoiceCatalogue, type Voice } from './voices.js';
export { negotiateClipFormat, type ClipFormat } from './format.js';

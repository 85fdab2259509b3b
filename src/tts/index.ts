import type { Area } from '../area/area.js';
import type { EmulatorConfig } from '../app/config.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory } from '../core/random.js';
import type { OrgStore } from '../orgs/store.js';
import type { FaultStore } from '../faults/store.js';
import type { Journal } from '../journal/journal.js';
import type { Metering } from '../metering/index.js';
import type { WorkerPool } from '../workers/pool.js';
import { ScriptQueue } from '../scripts/script-queue.js';
import { ttsAdminHandlers } from './admin.js';
import { ttsScriptAdminHandlers } from './script-admin.js';
import type { TtsScripts } from './scripts.js';
import { ttsRealtimeHandler } from './realtime.js';
import { ttsRoutes } from './routes.js';
import { TtsService } from './service.js';
import { VoiceCatalogue } from './voices.js';

/** The warm-up of the worker threads starts this long after boot, off the start-up path. */
const WARM_UP_DELAY_MS = 100;

export interface TtsAreaDeps {
  config: Pick<EmulatorConfig, 'mp3Encoder' | 'ttsCacheMb'>;
  clock: Clock;
  /** Each organization's clock: a realtime session's idle timeout follows it. */
  clocks: Pick<OrgClocks, 'for'>;
  metering: Metering;
  workers: WorkerPool;
  faults: FaultStore;
  /** The frame schemas of the realtime session. */
  contract: Pick<Contract, 'schema' | 'gateway'>;
  ids: IdFactory;
  /** Organizations a script's `org_id` must name. */
  orgs: Pick<OrgStore, 'getOrg'>;
  journal: Journal;
}

/** The TTS product area: /v1 handlers, admin handlers and boot state. */
export function createTtsArea(deps: TtsAreaDeps): Area {
  const voices = VoiceCatalogue.load();
  const service = new TtsService(voices, deps.metering, deps.workers, {
    mp3Encoder: deps.config.mp3Encoder,
    cacheMb: deps.config.ttsCacheMb,
  });
  // Per instance, in memory, like the STT scripts (docs/scaling.md).
  const scripts: TtsScripts = new ScriptQueue({ clock: deps.clock, ids: deps.ids, prefix: 'tscr' });
  let warmUp: NodeJS.Timeout | undefined;
  return {
    name: 'tts',
    handlers: ttsRoutes(service, deps.faults, scripts),
    wsHandlers: {
      'tts.realtime': ttsRealtimeHandler({ service, contract: deps.contract, clocks: deps.clocks }),
    },
    adminHandlers: {
      ...ttsAdminHandlers({ voices, service, journal: deps.journal }),
      ...ttsScriptAdminHandlers({ scripts, orgs: deps.orgs, contract: deps.contract }),
    },
    reset() {
      scripts.reset();
    },
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

export { TtsService, countCharacters, type Utterance } from './service.js';
export { VoiceCatalogue, type Voice } from './voices.js';
export { negotiateClipFormat, type ClipFormat } from './format.js';

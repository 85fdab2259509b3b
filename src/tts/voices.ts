/**
 * The voice catalogue, loaded once from fixtures/voices.json. Each voice maps to a codec voice index
 * (a small tone offset), which is what makes voices acoustically distinct for diarization.
 */
import { readFileSync } from 'node:fs';
import { packagePath } from '../core/paths.js';
import { VOICE_COUNT } from './voice/index.js';

export interface Voice {
  id: string;
  name: string;
  gender: 'female' | 'male';
  dialect: string;
  locale: string;
  /** The codec's voice index (tone offset); unique per voice. */
  voiceIndex: number;
  description: string;
}

export const VOICES_FILE = packagePath('fixtures', 'voices.json');

export class VoiceCatalogue {
  private readonly byId: Map<string, Voice>;

  constructor(readonly voices: readonly Voice[]) {
    this.byId = new Map(voices.map((v) => [v.id, v]));
    const indexes = new Set<number>();
    for (const v of voices) {
      if (!Number.isInteger(v.voiceIndex) || v.voiceIndex < 0 || v.voiceIndex >= VOICE_COUNT) {
        throw new RangeError(
          `voice ${v.id}: voiceIndex must be an integer in [0, ${VOICE_COUNT}) (got ${v.voiceIndex})`,
        );
      }
      if (indexes.has(v.voiceIndex))
        throw new RangeError(`voice ${v.id}: voiceIndex ${v.voiceIndex} is used twice`);
      indexes.add(v.voiceIndex);
    }
    if (this.byId.size !== voices.length) throw new RangeError('voice ids must be unique');
  }

  static load(file = VOICES_FILE): VoiceCatalogue {
    return new VoiceCatalogue(JSON.parse(readFileSync(file, 'utf8')) as Voice[]);
  }

  get(id: string): Voice | undefined {
    return this.byId.get(id);
  }

  ids(): string[] {
    return this.voices.map((v) => v.id);
  }
}

/** The public view of a voice (admin API): snake_case, like every JSON body of the emulator. */
export function voiceView(v: Voice): Record<string, unknown> {
  return {
    id: v.id,
    name: v.name,
    gender: v.gender,
    dialect: v.dialect,
    locale: v.locale,
    description: v.description,
  };
}

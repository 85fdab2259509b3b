/**
 * The voice catalogue, loaded once from fixtures/voices.json. Each voice maps to a codec voice index
 * (a small tone offset), which is what makes voices acoustically distinct for diarization.
 */
import { readFileSync } from 'node:fs';
import { packagePath } from '../core/paths.js';
import { VOICE_COUNT } from './voice/index.js';
export const VOICES_FILE = packagePath('fixtures', 'voices.json');
export class VoiceCatalogue {
    voices;
    byId;
    constructor(voices) {
        this.voices = voices;
        this.byId = new Map(voices.map((v) => [v.id, v]));
        const indexes = new Set();
        for (const v of voices) {
            if (!Number.isInteger(v.voiceIndex) || v.voiceIndex < 0 || v.voiceIndex >= VOICE_COUNT) {
                throw new RangeError(`voice ${v.id}: voiceIndex must be an integer in [0, ${VOICE_COUNT}) (got ${v.voiceIndex})`);
            }
            if (indexes.has(v.voiceIndex))
                throw new RangeError(`voice ${v.id}: voiceIndex ${v.voiceIndex} is used twice`);
            indexes.add(v.voiceIndex);
        }
        if (this.byId.size !== voices.length)
            throw new RangeError('voice ids must be unique');
    }
    static load(file = VOICES_FILE) {
        return new VoiceCatalogue(JSON.parse(readFileSync(file, 'utf8')));
    }
    get(id) {
        return this.byId.get(id);
    }
    ids() {
        return this.voices.map((v) => v.id);
    }
}
/** The public view of a voice (admin API): snake_case, like every JSON body of the emulator. */
export function voiceView(v) {
    return {
        id: v.id,
        name: v.name,
        gender: v.gender,
        dialect: v.dialect,
        locale: v.locale,
        description: v.description,
    };
}

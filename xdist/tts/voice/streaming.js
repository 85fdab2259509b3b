import { DecoderEngine } from './decoder.js';
/** Incremental decoder for realtime streams: push PCM blocks of any size as they arrive. Work per push is
 *  proportional to the new audio; samples no longer needed are dropped. */
export class StreamingDecoder {
    engine;
    constructor(sampleRate) {
        this.engine = new DecoderEngine(sampleRate);
    }
    push(pcm) {
        return this.engine.push(pcm);
    }
    /** Completes the stream: returns utterances that needed the (virtual) trailing silence. */
    end() {
        return this.engine.finish();
    }
    /** seconds of audio pushed so far */
    get duration() {
        return this.engine.duration;
    }
}
/** Finds every utterance in the PCM, in time order. Text is only returned when its CRC matches. */
export function decode(pcm, sampleRate) {
    const engine = new DecoderEngine(sampleRate);
    const events = [...engine.push(pcm), ...engine.finish()];
    const out = [];
    for (const e of events)
        if (e.type === 'utterance')
            out.push(e.utterance);
    return out;
}

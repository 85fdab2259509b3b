import { type DecodedUtterance, type StreamingEvent } from './decoder.js';
/** Incremental decoder for realtime streams: push PCM blocks of any size as they arrive. Work per push is
 *  proportional to the new audio; samples no longer needed are dropped. */
export declare class StreamingDecoder {
    private readonly engine;
    constructor(sampleRate: number);
    push(pcm: Float32Array): StreamingEvent[];
    /** Completes the stream: returns utterances that needed the (virtual) trailing silence. */
    end(): StreamingEvent[];
    /** seconds of audio pushed so far */
    get duration(): number;
}
/** Finds every utterance in the PCM, in time order. Text is only returned when its CRC matches. */
export declare function decode(pcm: Float32Array, sampleRate: number): DecodedUtterance[];

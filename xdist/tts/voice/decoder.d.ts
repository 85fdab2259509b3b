export interface DecodedWord {
    word: string;
    start: number;
    end: number;
}
export interface DecodedUtterance {
    text: string;
    voiceIndex: number;
    speed: number;
    start: number;
    end: number;
    words: DecodedWord[];
}
export type StreamingEvent = {
    type: 'partial';
    text: string;
    start: number;
    end: number;
} | {
    type: 'utterance';
    utterance: DecodedUtterance;
};
export declare class DecoderEngine {
    readonly sampleRate: number;
    private readonly pcm;
    private readonly scanner;
    private readonly nominal;
    /** sync slot length in samples */
    private readonly p0;
    private pushed;
    private scanBlock;
    private active;
    private lastPartialChars;
    private finished;
    constructor(sampleRate: number);
    /** seconds of real (not padding) audio pushed */
    get duration(): number;
    push(pcm: Float32Array): StreamingEvent[];
    /** Flushes with trailing silence long enough for any pending decision, then drops what is unfinished. */
    finish(): StreamingEvent[];
    private run;
    /** Looks for the next utterance start; false when more samples are needed. */
    private scan;
    private tryStart;
    /**
     * Sub-sample start of the sync: each burst is symmetric, so its energy centroid sits at its middle.
     * Windows re-centred on each estimate make the pull of noise towards the window centre vanish.
     */
    private refineStart;
    private utteranceStart;
    private result;
}

/** Growable window of a PCM stream addressed by absolute sample index; old samples can be dropped. */
export declare class SampleBuffer {
    data: Float32Array<ArrayBuffer>;
    /** absolute index of data[0] */
    start: number;
    length: number;
    get end(): number;
    append(x: Float32Array): void;
    /** Drops samples before `abs`, but only when that frees enough to be worth the copy. */
    discardBefore(abs: number, minDrop: number): void;
}

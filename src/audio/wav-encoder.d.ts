// wav-encoder@1.3 ships no types; this covers the part we use.
declare module 'wav-encoder' {
  export interface AudioData {
    sampleRate: number;
    channelData: Float32Array[];
  }
  export interface EncodeOptions {
    bitDepth?: 8 | 16 | 24 | 32;
    float?: boolean;
    symmetric?: boolean;
  }
  interface Encode {
    (audioData: AudioData, opts?: EncodeOptions): Promise<ArrayBuffer>;
    sync(audioData: AudioData, opts?: EncodeOptions): ArrayBuffer;
  }
  const wavEncoder: { encode: Encode };
  export default wavEncoder;
}

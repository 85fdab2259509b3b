/**
 * Output format negotiation for POST /v1/tts (the Decision in openapi/gateway.yaml, D-TTS-1): MP3 unless
 * the `Accept` header prefers WAV by a strictly higher q-value. RFC 9110 §12.5.1: the most specific
 * matching range gives a type its q; q=0 means "not acceptable"; an unsatisfiable header is ignored.
 */
export type ClipFormat = 'mp3' | 'wav';
export declare const CONTENT_TYPES: Record<ClipFormat, string>;
export declare function negotiateClipFormat(accept: string | undefined): ClipFormat;

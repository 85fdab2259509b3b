/** Types shared by the metering modules, structurally compatible with the gateway core's own. */
export const productUnits = {
    tts: 'characters',
    stt: 'audio_seconds',
    stt_realtime: 'audio_seconds',
    rag_search: 'queries',
    rag_upload: 'bytes',
    rag_storage: 'bytes',
};
/** Credits are kept to 6 decimals so that sums of small per-character rates do not drift. */
export function roundCredits(value) {
    return Math.round(value * 1e6) / 1e6;
}

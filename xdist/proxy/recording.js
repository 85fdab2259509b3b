/**
 * The recording format (openapi/recording.schema.json, docs/proxy.md): one JSON file per exchange, binary
 * bodies and WebSocket binary frames in files beside it, named after it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
export const RECORDING_FORMAT = 'svc-emulator-recording/1';
/** Exchange files are `NNNNNN-<method>-<path>.json`; anything else in the folder is ignored. */
/** Binary bytes kept for the recording of one exchange (an HTTP answer, or a WebSocket session's frames), at most. */
export const RECORD_LIMIT_BYTES = 64 * 1024 * 1024;
export const EXCHANGE_FILE_RE = /^\d{6}-[a-z]+-[a-z0-9_.-]*\.json$/;
export const sha256 = (data) => createHash('sha256').update(data).digest('hex');
/** Reads every exchange of a folder, in recorded order. */
export function readRecordings(dir) {
    return readdirSync(dir)
        .filter((f) => EXCHANGE_FILE_RE.test(f))
        .sort()
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
        .filter((e) => e.format === RECORDING_FORMAT);
}
export function readBeside(dir, file) {
    // Names come from the recording: keep them inside the folder.
    if (file.includes('/') || file.includes('\\') || file.startsWith('.'))
        throw new Error(`bad file name in recording: ${file}`);
    return readFileSync(join(dir, file));
}

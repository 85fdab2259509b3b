import { cutUtf8 } from './capture.js';
/** Bodies in `debug` lines are cut at this many bytes of JSON text. */
export const LOG_BODY_LIMIT_BYTES = 2048;
const RANK = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };
export class RequestLog {
    level;
    format;
    redact;
    sink;
    constructor(level, format, redact, sink) {
        this.level = level;
        this.format = format;
        this.redact = redact;
        this.sink = sink;
    }
    enabled(level) {
        return this.sink !== null && RANK[level] <= RANK[this.level];
    }
    get debug() {
        return this.enabled('debug');
    }
    write(level, record) {
        if (!this.enabled(level))
            return;
        const fields = { time: new Date().toISOString(), level, ...record };
        for (const [k, v] of Object.entries(fields))
            if (v === null || v === undefined)
                delete fields[k];
        const line = this.format === 'json' ? JSON.stringify(fields) : textLine(fields);
        // Last line of defence: whatever a caller put in a record, no credential leaves in full.
        this.sink(this.redact.text(line));
    }
    /** A body for a debug line: the JSON value, or beyond LOG_BODY_LIMIT_BYTES a string of its first bytes and `…`. */
    body(value) {
        if (value === null || value === undefined)
            return null;
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        if (Buffer.byteLength(text) <= LOG_BODY_LIMIT_BYTES)
            return value;
        return `${cutUtf8(text, LOG_BODY_LIMIT_BYTES)}…`;
    }
}
const MAIN = new Set(['time', 'level', 'event', 'method', 'path', 'status', 'duration_ms']);
/** `2026-01-01T00:00:00.000Z INFO  request POST /v1/tts 422 12ms code=validation_failed org=org_demo …` */
function textLine(f) {
    const show = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
    const head = [show(f.time), show(f.level).toUpperCase().padEnd(5), show(f.event)];
    if (f.method !== undefined)
        head.push(show(f.method));
    if (f.path !== undefined)
        head.push(show(f.path));
    if (f.status !== undefined)
        head.push(show(f.status));
    if (f.duration_ms !== undefined)
        head.push(`${show(f.duration_ms)}ms`);
    const rest = Object.entries(f)
        .filter(([k]) => !MAIN.has(k))
        .map(([k, v]) => `${k}=${typeof v === 'string' ? quote(v) : JSON.stringify(v)}`);
    return [...head, ...rest].join(' ');
}
function quote(v) {
    return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
}

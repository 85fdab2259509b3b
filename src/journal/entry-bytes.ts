/**
 * The size a journal entry counts against `--journal-max-mb`: its JSON size, estimated without serialising
 * it. Serialising every entry when it was recorded (headers, query, ids and all) cost about a twentieth of a
 * search request's CPU. The estimate adds the UTF-16 lengths of the entry's variable strings (ASCII in
 * practice: ids, paths, header lines), the exact UTF-8 size of the bodies (kept as JSON text), and the size of
 * the rest as measured once on a new entry (journal.ts `newJournalEntry`), so it stays within a few per cent
 * of `Buffer.byteLength(JSON.stringify(entry))` (test/journal/journal-bytes.test.ts); rare parts (a fault, proxy findings, multipart and audio summaries, a body already
 * parsed) are serialised as before.
 */
import { newJournalEntry, type JournalEntry } from './journal.js';
import type { RequestDetail, ResponseDetail } from '../observe/capture.js';
import { lazyJsonText } from '../observe/lazy-json.js';

/** A number's JSON bytes (`null` is 4). */
function num(value: number | null): number {
  return value === null ? 4 : String(value).length;
}

/** A string's JSON bytes, as ASCII without escapes (`null` is 4). */
function text(value: string | null): number {
  return value === null ? 4 : value.length + 2;
}

/** An absent field counts nothing. */
function json(value: unknown): number {
  return value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value));
}

function headers(h: Record<string, string>): number {
  let n = 0;
  for (const name in h) n += name.length + h[name].length + 6;
  return n;
}

function body(holder: { body: unknown }): number {
  const lazy = lazyJsonText(holder);
  return lazy !== undefined ? Buffer.byteLength(lazy) : json(holder.body);
}

function ids(list: string[]): number {
  let n = 0;
  for (const id of list) n += id.length + 3;
  return n;
}

function request(d: RequestDetail): number {
  return (
    headers(d.headers) + (Object.keys(d.query).length > 0 ? json(d.query) : 0) + body(d) + json(d.multipart)
  );
}

function response(d: ResponseDetail): number {
  // `,"body_format":"text"` when the body is not JSON.
  return headers(d.headers) + body(d) + json(d.audio) + (d.body_format === undefined ? 0 : 21);
}

/** Field names, punctuation and constants: a new entry's JSON size less what `variable` counts of it. */
let skeleton: number | undefined;

export function entryBytes(e: JournalEntry): number {
  // Computed on first use: journal.ts imports this module, so its entry builder is not ready at load time.
  skeleton ??= (() => {
    const blank = newJournalEntry({ request_id: '', kind: 'http', method: '', path: '', scope: null }, '', 0);
    return Buffer.byteLength(JSON.stringify(blank)) - variable(blank);
  })();
  return skeleton + variable(e);
}

function variable(e: JournalEntry): number {
  return (
    num(e.wall_ms) +
    num(e.retry_after) +
    num(e.ratelimit_remaining) +
    num(e.ratelimit_reset) +
    num(e.status) +
    num(e.duration_ms) +
    num(e.timings.received_wall_ms) +
    num(e.timings.handler_ms) +
    num(e.timings.total_ms) +
    text(e.request_id) +
    text(e.kind) +
    text(e.method) +
    text(e.path) +
    text(e.scope) +
    text(e.time) +
    text(e.operation_id) +
    text(e.code) +
    text(e.org_id) +
    text(e.key_id) +
    text(e.key) +
    text(e.environment) +
    json(e.fault) +
    json(e.websocket) +
    request(e.request) +
    response(e.response) +
    ids(e.ledger_entry_ids) +
    ids(e.webhook_event_ids) +
    (e.proxied === undefined ? 0 : 16) +
    json(e.contract_violations) +
    json(e.replayed)
  );
}

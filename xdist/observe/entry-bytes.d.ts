/**
 * The size a journal entry counts against `--journal-max-mb`: its JSON size, estimated without serialising
 * it. Serialising every entry when it was recorded (headers, query, ids and all) cost about a twentieth of a
 * search request's CPU. The estimate adds the UTF-16 lengths of the entry's variable strings (ASCII in
 * practice: ids, paths, header lines), the exact UTF-8 size of the bodies (kept as JSON text), and the size of
 * the rest as measured once on a new entry (journal.ts `newJournalEntry`), so it stays within a few per cent
 * of `Buffer.byteLength(JSON.stringify(entry))` (test/observability/journal-bytes.test.ts); rare parts (a fault, proxy findings, multipart and audio summaries, a body already
 * parsed) are serialised as before.
 */
import { type JournalEntry } from '../http/journal.js';
export declare function entryBytes(e: JournalEntry): number;

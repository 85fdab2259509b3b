/**
 * A linear scan over a JSON document's bytes, fed in chunks, that cuts it into members without parsing it
 * whole (decision ST-L3): the members of the containers it is told to split (the document's top level, each
 * organization of `orgs`) come out one by one as bytes, for JSON.parse on their own. On the way it refuses
 * what must never reach a parser: nesting deeper than the limit, a member larger than the limit, and the keys
 * `__proto__`, `constructor` and `prototype` anywhere. Strings are skipped with indexOf, not byte by byte.
 */
import { ApiError } from '../core/errors.js';
import { FORBIDDEN_KEYS, jsonPointer } from './format.js';

export interface ScannedMember {
  /** The member's path from the scanned value: `['format']`, `['orgs', 'org_x']`. */
  path: string[];
  /** Its bytes' offsets in the input (end excluded). */
  start: number;
  end: number;
  bytes: Buffer;
}

export interface ScannerOptions {
  maxDepth: number;
  maxMemberBytes: number;
  /** Whether the container opening at `depth` (the root is 1), reached through `path`, is split too. */
  split(depth: number, path: readonly string[]): boolean;
  /** Check every key for the forbidden names (pass 1); a second pass over checked bytes skips it. */
  checkKeys: boolean;
  /** Where the scanned value sits in the document, for messages. */
  base?: readonly string[];
}

const OBJECT = 1;
const ARRAY = 2;
// Phases of a split container.
const FIRST = 0; // after the opening bracket: a key (object) or a value (array), or the closing bracket
const KEY = 1; // after a comma, in an object: a key
const COLON = 2;
const VALUE = 3; // a value must start
const IN_VALUE = 4; // inside a captured member, at this container's depth
const AFTER = 5; // after a split child closed: a comma or the closing bracket
/** Generic keys are read this far: a forbidden key, even fully escaped, is shorter. */
const KEY_PEEK = 80;
/** A key of a split container (a top-level field, an organization id) is read whole, up to this. */
const MAX_SPLIT_KEY = 1024;

export class JsonScanner {
  private offset = 0;
  private depth = 0;
  private done = false;
  private readonly kinds: Uint8Array;
  private readonly splitAt: Uint8Array;
  private readonly phase: Uint8Array;
  /** The current key or index at each depth, for paths and messages. */
  private readonly names: (string | number | undefined)[] = [];
  private inString = false;
  /** Backslashes that ended the previous chunk inside a string (their parity decides the next quote). */
  private carriedBackslashes = 0;
  private isKey = false;
  private keyNext = false;
  private readonly keyBuf = Buffer.alloc(MAX_SPLIT_KEY);
  private keyLen = 0;
  private keyOverflow = false;
  private keyHasEscape = false;
  /** The split container whose member is being captured (0: none), where it started, and its pieces. */
  private memberDepth = 0;
  private memberStart = 0;
  private pieces: Buffer[] = [];
  private out: ScannedMember[] = [];

  constructor(private readonly options: ScannerOptions) {
    this.kinds = new Uint8Array(options.maxDepth + 2);
    this.splitAt = new Uint8Array(options.maxDepth + 2);
    this.phase = new Uint8Array(options.maxDepth + 2);
  }

  /** Scans the next chunk; returns the members it completed. */
  push(chunk: Buffer): ScannedMember[] {
    this.out = [];
    let pieceStart = this.memberDepth ? 0 : -1;
    const len = chunk.length;
    let i = 0;
    while (i < len) {
      if (this.inString) {
        // A quote ends the string unless an odd run of backslashes stands before it: only quotes are looked
        // at, never each escape (text full of escapes costs no more than plain text).
        let q = chunk.indexOf(0x22, i);
        while (q !== -1) {
          let k = q - 1;
          let run = 0;
          while (k >= 0 && chunk[k] === 0x5c) {
            run++;
            k--;
          }
          if (k < 0) run += this.carriedBackslashes;
          if (run % 2 === 0) break;
          q = chunk.indexOf(0x22, q + 1);
        }
        if (q === -1) {
          this.keyBytes(chunk, i, len);
          let k = len - 1;
          let run = 0;
          while (k >= i && chunk[k] === 0x5c) {
            run++;
            k--;
          }
          this.carriedBackslashes = k < i ? this.carriedBackslashes + run : run;
          i = len;
          break;
        }
        this.keyBytes(chunk, i, q);
        this.carriedBackslashes = 0;
        i = q + 1;
        this.inString = false;
        if (this.isKey) this.keyEnd(q);
        continue;
      }
      const c = chunk[i];
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        i++;
        continue;
      }
      if (this.done) this.fail(`there is more after the end of the document`, i);
      const d = this.depth;
      if (d === 0) {
        if (c !== 0x7b && c !== 0x5b) this.fail('the document must be a JSON object', i);
        this.open(c, i, this.options.split(1, []));
        i++;
        continue;
      }
      if (this.splitAt[d]) {
        const p = this.phase[d];
        if (p === IN_VALUE && (c === 0x2c || c === 0x7d || c === 0x5d)) {
          this.endMember(chunk, pieceStart, i);
          pieceStart = -1;
          i++;
          continue;
        } else if (p === VALUE || (p === FIRST && this.kinds[d] === ARRAY && c !== 0x5d)) {
          const path = this.path(d).map(String);
          if ((c === 0x7b || c === 0x5b) && this.options.split(d + 1, path)) {
            this.phase[d] = AFTER;
            this.open(c, i, true);
            i++;
            continue;
          }
          this.phase[d] = IN_VALUE;
          this.keyNext = false;
          this.memberDepth = d;
          this.memberStart = this.offset + i;
          this.pieces = [];
          pieceStart = i;
          this.generic(c, i);
          i++;
          continue;
        } else if (p === IN_VALUE) {
          this.generic(c, i);
          i++;
          continue;
        }
        this.splitByte(c, i);
        i++;
        continue;
      }
      this.generic(c, i);
      i++;
    }
    if (this.memberDepth) {
      this.pieces.push(chunk.subarray(pieceStart < 0 ? 0 : pieceStart));
      this.checkMemberSize(this.offset + len);
    }
    this.offset += len;
    return this.out;
  }

  /** The input ended: refuses a truncated document. */
  end(): void {
    if (!this.done)
      this.fail(
        this.offset === 0 && this.depth === 0
          ? 'the document is empty'
          : 'the document ends before it is complete (truncated?)',
        0,
      );
  }

  /** A byte at a split container's own level, outside any captured member. */
  private splitByte(c: number, i: number): void {
    const d = this.depth;
    const p = this.phase[d];
    const object = this.kinds[d] === OBJECT;
    if (c === 0x7d || c === 0x5d) {
      if ((p === FIRST || p === AFTER) && (c === 0x7d) === object) return this.close(c, i);
      return this.fail(`unexpected '${String.fromCharCode(c)}'`, i);
    }
    if (c === 0x2c && p === AFTER) {
      this.phase[d] = object ? KEY : VALUE;
      if (!object) (this.names[d] as number)++;
      return;
    }
    if (object && (p === FIRST || p === KEY) && c === 0x22) {
      this.inString = true;
      this.isKey = true;
      this.keyNext = false;
      this.keyLen = 0;
      this.keyOverflow = false;
      this.keyHasEscape = false;
      return;
    }
    if (object && p === COLON && c === 0x3a) {
      this.phase[d] = VALUE;
      return;
    }
    const expected =
      p === COLON
        ? "':'"
        : p === AFTER
          ? `',' or '${object ? '}' : ']'}'`
          : object
            ? 'a field name'
            : 'a value';
    this.fail(`expected ${expected}, found '${String.fromCharCode(c)}'`, i);
  }

  /** A byte inside a member (or a container not split): only nesting, strings and keys matter here. */
  private generic(c: number, i: number): void {
    if (c === 0x22) {
      this.inString = true;
      this.isKey = this.options.checkKeys && this.keyNext;
      this.keyNext = false;
      this.keyLen = 0;
      this.keyOverflow = false;
      this.keyHasEscape = false;
    } else if (c === 0x7b || c === 0x5b) {
      this.open(c, i, false);
    } else if (c === 0x7d || c === 0x5d) {
      if ((c === 0x7d ? OBJECT : ARRAY) !== this.kinds[this.depth])
        this.fail(`'${String.fromCharCode(c)}' closes a container it did not open`, i);
      this.close(c, i);
    } else if (c === 0x2c) {
      const kind = this.kinds[this.depth];
      this.keyNext = kind === OBJECT;
      if (kind === ARRAY) (this.names[this.depth] as number)++;
    } else this.keyNext = false;
  }

  private open(c: number, i: number, split: boolean): void {
    const d = ++this.depth;
    if (d > this.options.maxDepth)
      this.fail(`nested more than ${this.options.maxDepth} levels deep (arrays and objects)`, i);
    this.kinds[d] = c === 0x7b ? OBJECT : ARRAY;
    this.splitAt[d] = split ? 1 : 0;
    this.phase[d] = FIRST;
    this.names[d] = c === 0x7b ? undefined : 0;
    this.keyNext = c === 0x7b;
  }

  private close(_c: number, _i: number): void {
    this.depth--;
    this.keyNext = false;
    if (this.depth === 0) this.done = true;
  }

  private keyBytes(chunk: Buffer, from: number, to: number): void {
    if (!this.isKey || to <= from) return;
    const room = this.keyCap() - this.keyLen;
    const n = Math.min(room, to - from);
    if (n > 0) chunk.copy(this.keyBuf, this.keyLen, from, from + n);
    this.keyLen += n;
    if (to - from > n) this.keyOverflow = true;
  }

  private keyCap(): number {
    return this.splitAt[this.depth] && this.phase[this.depth] !== IN_VALUE ? MAX_SPLIT_KEY : KEY_PEEK;
  }

  private keyEnd(i: number): void {
    const d = this.depth;
    const splitKey = this.splitAt[d] && this.phase[d] !== IN_VALUE;
    if (splitKey && this.keyOverflow) this.fail(`a field name is longer than ${MAX_SPLIT_KEY} bytes`, i);
    let key: string | undefined;
    if (!this.keyOverflow) {
      const raw = this.keyBuf.toString('utf8', 0, this.keyLen);
      this.keyHasEscape = raw.includes('\\');
      if (this.keyHasEscape) {
        try {
          key = JSON.parse(`"${raw}"`) as string;
        } catch {
          this.fail(`a field name has an invalid escape`, i);
        }
      } else key = raw;
    }
    if (key !== undefined && FORBIDDEN_KEYS.has(key)) {
      this.names[d] = key;
      this.fail(`the key '${key}' is not allowed anywhere in a state document`, i, true);
    }
    this.names[d] = key;
    if (splitKey) this.phase[d] = COLON;
  }

  private endMember(chunk: Buffer, pieceStart: number, i: number): void {
    const d = this.memberDepth;
    this.pieces.push(chunk.subarray(pieceStart < 0 ? 0 : pieceStart, i));
    const end = this.offset + i;
    this.checkMemberSize(end);
    const bytes = this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces);
    this.out.push({ path: this.path(d).map(String), start: this.memberStart, end, bytes });
    this.pieces = [];
    this.memberDepth = 0;
    this.phase[d] = AFTER;
    // The delimiter is handled as at the container's own level.
    this.splitByte(chunk[i], i);
  }

  private checkMemberSize(upTo: number): void {
    if (upTo - this.memberStart <= this.options.maxMemberBytes) return;
    const at = jsonPointer([...(this.options.base ?? []), ...this.path(this.memberDepth).map(String)]);
    throw new ApiError(
      'state_too_large',
      `${at || '/'} is larger than ${this.options.maxMemberBytes} bytes, the most one member of a state document (a top-level field, or one organization) may hold`,
    );
  }

  /** The keys and indexes down to depth `d`'s current member. */
  private path(d: number): (string | number)[] {
    const out: (string | number)[] = [];
    for (let k = 1; k <= d; k++) out.push(this.names[k] ?? '?');
    return out;
  }

  private fail(message: string, i: number, withKey = false): never {
    const segments = [...(this.options.base ?? []), ...this.path(this.depth - (withKey ? 0 : 1))];
    const at = jsonPointer(segments.filter((s) => s !== '?'));
    throw new ApiError(
      'invalid_state',
      `${at || '/'}: ${message}${withKey ? '' : ` (at byte ${this.offset + i})`}`,
    );
  }
}

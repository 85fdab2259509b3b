/**
 * JSON.parse of one member of a state document without holding the event loop for long (decision ST-L4): a
 * member above PARSE_CHUNK bytes that is an object or an array is cut into its own members by the scanner and
 * each is parsed (the same way) on its own, with a turn of the event loop given back every few milliseconds.
 */
import { isUtf8 } from 'node:buffer';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ApiError } from '../core/errors.js';
import { jsonPointer } from './format.js';
import { JsonScanner } from './scanner.js';

/** Members up to this size are parsed in one call (a few milliseconds). */
export const PARSE_CHUNK = 1024 * 1024;
/** How long work may run before it gives the event loop a turn (health answers within 50 ms). */
const SLICE_MS = 8;

/** Gives the event loop a turn once SLICE_MS have passed since the last one. */
export class Yielder {
  private last = performance.now();

  async tick(): Promise<void> {
    if (performance.now() - this.last < SLICE_MS) return;
    await nextTurn();
    this.last = performance.now();
  }

  /** Gives the event loop a turn now (before and after work that cannot be cut, such as a schema's compile). */
  async turn(): Promise<void> {
    await nextTurn();
    this.last = performance.now();
  }
}

function parseWhole(bytes: Buffer, at: readonly string[]): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new ApiError(
      'invalid_state',
      `${jsonPointer(at) || '/'}: not valid JSON (${(err as Error).message})`,
    );
  }
}

/** Refuses bytes that are not UTF-8 (JSON text is; a decoder would silently replace them). */
export function assertUtf8(bytes: Buffer, at: readonly string[]): void {
  if (!isUtf8(bytes)) throw new ApiError('invalid_state', `${jsonPointer(at) || '/'}: not valid UTF-8 text`);
}

function firstByte(bytes: Buffer): number {
  for (const b of bytes) if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return b;
  return -1;
}

/** Parses `bytes` (the member at `at`), in slices when it is large; keys were checked by the scanner. */
export async function parseMember(
  bytes: Buffer,
  at: readonly string[],
  yielder: Yielder,
  maxDepth: number,
): Promise<unknown> {
  await yielder.tick();
  const first = bytes.length > PARSE_CHUNK ? firstByte(bytes) : -1;
  if (first !== 0x7b && first !== 0x5b) return parseWhole(bytes, at);
  const scanner = new JsonScanner({
    maxDepth,
    maxMemberBytes: Infinity,
    split: (depth) => depth === 1,
    checkKeys: false,
    base: at,
  });
  const members = scanner.push(bytes);
  scanner.end();
  if (first === 0x5b) {
    const out: unknown[] = [];
    for (const m of members) out.push(await parseMember(m.bytes, [...at, ...m.path], yielder, maxDepth));
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const m of members) {
    const key = m.path[0];
    const value = await parseMember(m.bytes, [...at, key], yielder, maxDepth);
    // As JSON.parse does: an own property whatever the key (forbidden keys never get this far).
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

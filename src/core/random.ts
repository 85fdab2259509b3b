import { createHash, hash } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/**
 * BASE62 as character codes. Ids and tokens are built from codes in one flat string: appending a character at a
 * time made a chain of V8 cons strings (about 30 bytes a character), kept as long as the id is (a ws-token lives
 * 60 s, a journal or ledger entry thousands of requests).
 */
const BASE62_CODES = Array.from(BASE62, (c) => c.charCodeAt(0));

export function sha256Hex(data: string | Buffer): string {
  return hash('sha256', data, 'hex');
}

export { BASE62 };

/** Deterministic pseudo-random numbers (sfc32 seeded from SHA-256 of the seed string). */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: string) {
    this.a = this.b = this.c = this.d = 0;
    this.reset();
  }

  /** Where the sequence stands (four uint32), so `restore` continues it exactly (issue 25, snapshots). */
  state(): [number, number, number, number] {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  restore(state: readonly [number, number, number, number]): void {
    [this.a, this.b, this.c, this.d] = state.map((n) => n >>> 0);
  }

  /** Back to the first number of the sequence. */
  reset(): void {
    const h = createHash('sha256').update(this.seed).digest();
    this.a = h.readUInt32LE(0);
    this.b = h.readUInt32LE(4);
    this.c = h.readUInt32LE(8);
    this.d = h.readUInt32LE(12);
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    const t = (this.a + this.b + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  base62(length: number): string {
    const codes = new Array<number>(length);
    for (let i = 0; i < length; i++) codes[i] = BASE62_CODES[this.int(62)];
    return String.fromCharCode(...codes);
  }

  /** An independent stream derived from this seed and a label. */
  fork(label: string): Random {
    return new Random(`${this.seed}/${label}`);
  }
}

/**
 * Deterministic identifiers: the n-th id of a given prefix depends only on the seed, the prefix and n,
 * so the same seed and the same sequence of requests from process start give the same ids. The counters
 * survive an emulator reset on purpose: an id never repeats within a process, so a receiver that
 * de-duplicates webhook events by id never drops a real event after a reset.
 */
export class IdFactory {
  private counters = new Map<string, number>();

  constructor(private readonly seed: string) {}

  /** The count minted so far per prefix, sorted by prefix (issue 25, snapshots). */
  state(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const prefix of [...this.counters.keys()].sort()) out[prefix] = this.counters.get(prefix)!;
    return out;
  }

  /** Continues from `counters` (what `state()` gave): the next id of a prefix is the one after its count. */
  restore(counters: Readonly<Record<string, number>>): void {
    this.counters = new Map(Object.entries(counters));
  }

  next(prefix: string, length = 20): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}_${base62FromHash(`${this.seed}:${prefix}:${n}`, length)}`;
  }
}

export function base62FromHash(input: string, length: number): string {
  const codes: number[] = [];
  let round = 0;
  while (codes.length < length) {
    // One-shot hash: a third of createHash's cost, and ids are minted on every request.
    const h = hash('sha256', `${round++}:${input}`, 'buffer');
    for (const byte of h) {
      // Rejection sampling keeps the characters uniform.
      if (byte < 248) codes.push(BASE62_CODES[byte % 62]);
      if (codes.length === length) break;
    }
  }
  return String.fromCharCode(...codes);
}

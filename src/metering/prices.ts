import type { Prices } from '../contract/admin-types.js';
import { roundCredits, type Mode, type Product, type RagMode, type TtsQuality } from './types.js';

/**
 * Credit prices. Documented defaults (all in credits):
 * - tts: per input character — fast 0.01, standard 0.02, high 0.04
 * - stt: per decoded audio second — 0.05
 * - stt_realtime: per decoded audio second — 0.06
 * - rag_search: per query — retrieve 1, answer 3, analyze 10
 * - rag_upload: per MB ingested (1 MB = 1 000 000 bytes, prorated per byte) — 0.5
 * - rag_storage: per MB of the maximum bytes stored in a billing period — 0.1
 */
export interface PriceTable {
  tts: Record<TtsQuality, number>;
  stt: number;
  stt_realtime: number;
  rag_search: Record<RagMode, number>;
  rag_upload: number;
  rag_storage: number;
}

export const BYTES_PER_MB = 1_000_000;

export const defaultPrices: Readonly<PriceTable> = Object.freeze({
  tts: Object.freeze({ fast: 0.01, standard: 0.02, high: 0.04 }),
  stt: 0.05,
  stt_realtime: 0.06,
  rag_search: Object.freeze({ retrieve: 1, answer: 3, analyze: 10 }),
  rag_upload: 0.5,
  rag_storage: 0.1,
});

/** Overrides of some prices: the document's `Prices` (`PATCH /prices`, a config file's `prices`). */
export type PriceOverrides = Prices;

const tiered = { tts: ['fast', 'standard', 'high'], rag_search: ['retrieve', 'answer', 'analyze'] } as const;
const flat = ['stt', 'stt_realtime', 'rag_upload', 'rag_storage'] as const;

/**
 * Returns defaults with overrides applied. Throws a RangeError naming the field when a price is not a
 * finite non-negative number, a key is unknown, or a tier order breaks the spec's ordering
 * (fast < standard < high, retrieve < answer < analyze).
 */
export function mergePrices(defaults: Readonly<PriceTable>, overrides: PriceOverrides = {}): PriceTable {
  const known = new Set<string>([...Object.keys(tiered), ...flat]);
  for (const key of Object.keys(overrides)) {
    if (!known.has(key)) throw new RangeError(`unknown price '${key}' (known: ${[...known].join(', ')})`);
  }
  const out: PriceTable = {
    tts: { ...defaults.tts, ...overrides.tts },
    stt: overrides.stt ?? defaults.stt,
    stt_realtime: overrides.stt_realtime ?? defaults.stt_realtime,
    rag_search: { ...defaults.rag_search, ...overrides.rag_search },
    rag_upload: overrides.rag_upload ?? defaults.rag_upload,
    rag_storage: overrides.rag_storage ?? defaults.rag_storage,
  };
  for (const product of Object.keys(tiered) as (keyof typeof tiered)[]) {
    const tiers = tiered[product];
    const table = out[product] as Record<string, number>;
    for (const key of Object.keys(table)) {
      if (!(tiers as readonly string[]).includes(key)) {
        throw new RangeError(`unknown ${product} tier '${key}' (known: ${tiers.join(', ')})`);
      }
    }
    tiers.forEach((tier, i) => {
      checkPrice(`${product}.${tier}`, table[tier]);
      if (i > 0 && !(table[tiers[i - 1]] < table[tier])) {
        throw new RangeError(
          `${product}.${tiers[i - 1]} (${table[tiers[i - 1]]}) must be lower than ${product}.${tier} (${table[tier]})`,
        );
      }
    });
  }
  for (const key of flat) checkPrice(key, out[key]);
  return out;
}

function checkPrice(name: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`price ${name} must be a finite number >= 0 (got ${String(value)})`);
  }
}

/** The default mode of a product when the caller gives none (the spec's request defaults). */
export function defaultMode(product: Product): Mode | undefined {
  if (product === 'tts') return 'standard';
  if (product === 'rag_search') return 'retrieve';
  return undefined;
}

/** Credits per unit of a product in a mode. */
export function rateOf(prices: PriceTable, product: Product, mode?: Mode): number {
  switch (product) {
    case 'tts': {
      const tier = (mode ?? 'standard') as TtsQuality;
      if (!(tier in prices.tts)) throw new RangeError(`unknown tts quality '${String(mode)}'`);
      return prices.tts[tier];
    }
    case 'rag_search': {
      const m = (mode ?? 'retrieve') as RagMode;
      if (!(m in prices.rag_search)) throw new RangeError(`unknown rag_search mode '${String(mode)}'`);
      return prices.rag_search[m];
    }
    case 'rag_upload':
      return prices.rag_upload / BYTES_PER_MB;
    case 'rag_storage':
      return prices.rag_storage / BYTES_PER_MB;
    default:
      return prices[product];
  }
}

export function costOf(prices: PriceTable, product: Product, quantity: number, mode?: Mode): number {
  return roundCredits(rateOf(prices, product, mode) * quantity);
}

import { type Mode, type Product, type RagMode, type TtsQuality } from './types.js';
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
export declare const BYTES_PER_MB = 1000000;
export declare const defaultPrices: Readonly<PriceTable>;
export type PriceOverrides = {
    tts?: Partial<Record<TtsQuality, number>>;
    stt?: number;
    stt_realtime?: number;
    rag_search?: Partial<Record<RagMode, number>>;
    rag_upload?: number;
    rag_storage?: number;
};
/**
 * Returns defaults with overrides applied. Throws a RangeError naming the field when a price is not a
 * finite non-negative number, a key is unknown, or a tier order breaks the spec's ordering
 * (fast < standard < high, retrieve < answer < analyze).
 */
export declare function mergePrices(defaults: Readonly<PriceTable>, overrides?: PriceOverrides): PriceTable;
/** The default mode of a product when the caller gives none (the spec's request defaults). */
export declare function defaultMode(product: Product): Mode | undefined;
/** Credits per unit of a product in a mode. */
export declare function rateOf(prices: PriceTable, product: Product, mode?: Mode): number;
export declare function costOf(prices: PriceTable, product: Product, quantity: number, mode?: Mode): number;

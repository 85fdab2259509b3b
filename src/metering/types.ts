/** Types shared by the metering modules, structurally compatible with the gateway core's own. */

export type Environment = 'live' | 'test';

export interface Principal {
  orgId: string;
  keyId: string;
  /** Display form of the key, e.g. "svc_live_…a1b2"; the full key is never stored here. */
  keyDisplay: string;
  environment: Environment;
}

export type Product = 'tts' | 'stt' | 'stt_realtime' | 'rag_search' | 'rag_upload' | 'rag_storage';
export type Unit = 'characters' | 'audio_seconds' | 'queries' | 'bytes';
export type TtsQuality = 'fast' | 'standard' | 'high';
export type RagMode = 'retrieve' | 'answer' | 'analyze';
/** The rate modifier of a product: the TTS quality tier or the RAG search mode. */
export type Mode = TtsQuality | RagMode;

export const productUnits: Readonly<Record<Product, Unit>> = {
  tts: 'characters',
  stt: 'audio_seconds',
  stt_realtime: 'audio_seconds',
  rag_search: 'queries',
  rag_upload: 'bytes',
  rag_storage: 'bytes',
};

const CATALOG = Object.keys(productUnits);

/**
 * A period's usage per product as its invoice's lines, in the catalog's order (tts, stt, ..., rag_storage), not
 * the order products were first used: the same on every instance (Redis gives a hash's fields in its own
 * order) and after a snapshot load (which puts a period's usage back with sorted keys). A product whose usage
 * was entirely refunded leaves no line.
 */
export function periodLines(
  usage: ReadonlyMap<Product, { quantity: number; amount: number }>,
): { product: Product; unit: Unit; quantity: number; amount: number }[] {
  return [...usage]
    .filter(([, u]) => u.quantity !== 0 || u.amount !== 0)
    .map(([product, u]) => ({ product, unit: productUnits[product], quantity: u.quantity, amount: u.amount }))
    .sort((a, b) => CATALOG.indexOf(a.product) - CATALOG.indexOf(b.product));
}

/** Callback through which metering raises webhook events (quota.threshold, invoice.finalized). */
export type EmitEvent = (
  orgId: string,
  event: string,
  data: Record<string, unknown>,
  livemode: boolean,
  /** When the event happened, if not now (a period closed at its end, seen after the clock moved on). */
  at?: string,
) => void;

/** Credits are kept to 6 decimals so that sums of small per-character rates do not drift. */
export function roundCredits(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

import { roundCredits } from './types.js';
export const BYTES_PER_MB = 1_000_000;
export const defaultPrices = Object.freeze({
    tts: Object.freeze({ fast: 0.01, standard: 0.02, high: 0.04 }),
    stt: 0.05,
    stt_realtime: 0.06,
    rag_search: Object.freeze({ retrieve: 1, answer: 3, analyze: 10 }),
    rag_upload: 0.5,
    rag_storage: 0.1,
});
const tiered = { tts: ['fast', 'standard', 'high'], rag_search: ['retrieve', 'answer', 'analyze'] };
const flat = ['stt', 'stt_realtime', 'rag_upload', 'rag_storage'];
/**
 * Returns defaults with overrides applied. Throws a RangeError naming the field when a price is not a
 * finite non-negative number, a key is unknown, or a tier order breaks the spec's ordering
 * (fast < standard < high, retrieve < answer < analyze).
 */
export function mergePrices(defaults, overrides = {}) {
    const known = new Set([...Object.keys(tiered), ...flat]);
    for (const key of Object.keys(overrides)) {
        if (!known.has(key))
            throw new RangeError(`unknown price '${key}' (known: ${[...known].join(', ')})`);
    }
    const out = {
        tts: { ...defaults.tts, ...overrides.tts },
        stt: overrides.stt ?? defaults.stt,
        stt_realtime: overrides.stt_realtime ?? defaults.stt_realtime,
        rag_search: { ...defaults.rag_search, ...overrides.rag_search },
        rag_upload: overrides.rag_upload ?? defaults.rag_upload,
        rag_storage: overrides.rag_storage ?? defaults.rag_storage,
    };
    for (const product of Object.keys(tiered)) {
        const tiers = tiered[product];
        const table = out[product];
        for (const key of Object.keys(table)) {
            if (!tiers.includes(key)) {
                throw new RangeError(`unknown ${product} tier '${key}' (known: ${tiers.join(', ')})`);
            }
        }
        tiers.forEach((tier, i) => {
            checkPrice(`${product}.${tier}`, table[tier]);
            if (i > 0 && !(table[tiers[i - 1]] < table[tier])) {
                throw new RangeError(`${product}.${tiers[i - 1]} (${table[tiers[i - 1]]}) must be lower than ${product}.${tier} (${table[tier]})`);
            }
        });
    }
    for (const key of flat)
        checkPrice(key, out[key]);
    return out;
}
function checkPrice(name, value) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        throw new RangeError(`price ${name} must be a finite number >= 0 (got ${String(value)})`);
    }
}
/** The default mode of a product when the caller gives none (the spec's request defaults). */
export function defaultMode(product) {
    if (product === 'tts')
        return 'standard';
    if (product === 'rag_search')
        return 'retrieve';
    return undefined;
}
/** Credits per unit of a product in a mode. */
export function rateOf(prices, product, mode) {
    switch (product) {
        case 'tts': {
            const tier = (mode ?? 'standard');
            if (!(tier in prices.tts))
                throw new RangeError(`unknown tts quality '${String(mode)}'`);
            return prices.tts[tier];
        }
        case 'rag_search': {
            const m = (mode ?? 'retrieve');
            if (!(m in prices.rag_search))
                throw new RangeError(`unknown rag_search mode '${String(mode)}'`);
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
export function costOf(prices, product, quantity, mode) {
    return roundCredits(rateOf(prices, product, mode) * quantity);
}

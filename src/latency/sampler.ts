/**
 * Seeded delays from a latency profile: one forked random stream per operation key, so the same seed and the
 * same requests to an operation give the same delays whatever other operations run in between.
 */
import type { Random } from '../core/random.js';
import type { LatencyDistribution, LatencyProfile } from './profile.js';

/** z of the 90th percentile of the standard normal. */
const Z90 = 1.2815515655446004;

export class LatencySampler {
  private readonly streams = new Map<string, Random>();

  constructor(
    readonly profile: LatencyProfile,
    private readonly random: Random,
  ) {}

  /** The delay in ms for one request (0 when the profile has nothing for it). */
  delayFor(operationId: string, mode: string | undefined, textLength: number): number {
    const drawn = this.draw(operationId, mode);
    return drawn ? total(drawn.dist, drawn.base, textLength, 0) : 0;
  }

  /** The distribution of a request and its seeded log-normal part; undefined when the profile has none. */
  draw(
    operationId: string,
    mode: string | undefined,
  ): { dist: LatencyDistribution; base: number } | undefined {
    const key =
      mode !== undefined && `${operationId}:${mode}` in this.profile.operations
        ? `${operationId}:${mode}`
        : operationId;
    const dist = this.profile.operations[key] ?? this.profile.default;
    if (!dist) return undefined;
    let stream = this.streams.get(key);
    if (!stream) {
      stream = this.random.fork(`latency:${key}`);
      this.streams.set(key, stream);
    }
    return { dist, base: logNormal(dist, stream) };
  }

  /** Back to the first delay of every stream (emulator reset). */
  reset(): void {
    this.streams.clear();
  }
}

export function sample(dist: LatencyDistribution, random: Random, textLength = 0): number {
  return total(dist, logNormal(dist, random), textLength, 0);
}

/** The delay: the drawn part plus the per-character and per-audio-second parts, clamped to max_ms. */
export function total(
  dist: LatencyDistribution,
  base: number,
  textLength: number,
  audioSeconds: number,
): number {
  const ms =
    base + (dist.per_character_ms ?? 0) * textLength + (dist.per_audio_second_ms ?? 0) * audioSeconds;
  return Math.round(Math.min(dist.max_ms, Math.max(0, ms)));
}

function logNormal(dist: LatencyDistribution, random: Random): number {
  if (dist.median_ms <= 0) return 0;
  const sigma = Math.log(Math.max(dist.p90_ms, dist.median_ms) / dist.median_ms) / Z90;
  // Box-Muller; 1 - next() keeps the logarithm's argument above 0.
  const z = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
  return dist.median_ms * Math.exp(sigma * z);
}

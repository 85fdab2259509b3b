/**
 * One burst: a few concurrent clients send billed searches, ws-token mints and webhook triggers through the
 * instances, and one fault lands at a moment the PRNG chose inside it. The burst goes on through the fault
 * and ends once the cluster has served `tailSuccesses` operations sent after the fault was over (or after
 * `tailCap` operations sent after it, if it never serves again). While the fault lasts, at most `faultOpsCap`
 * operations are sent (then the clients wait for the recovery), so instant 502s do not become a flood.
 */
import type { AofRedis } from './aof-redis.js';
import { perform, type OpKind, type Outcome } from './client.js';
import type { Cluster } from './cluster.js';
import type { Prng } from './prng.js';

export type FaultKind = 'redis-kill' | 'redis-stall' | 'instance-kill';
export const FAULT_KINDS: readonly FaultKind[] = ['redis-kill', 'redis-stall', 'instance-kill'];

export interface FaultPlan {
  kind: FaultKind;
  /** Milliseconds from the burst's start to the fault. */
  atMs: number;
  /** How long Redis stays down (kill) or stopped (stall); 0 for an instance kill. */
  downMs: number;
  /** Which of the serving instances an instance kill hits (an index into them, modulo their number). */
  victim: number;
}

export interface FaultTimes {
  injectedAt: number;
  /** When the fault was over: Redis ready again, SIGCONT sent, or the replacement instance ready. */
  recoveredAt: number;
  victim?: string;
  replacement?: string;
}

export interface BurstOptions {
  workers: number;
  faultOpsCap: number;
  tailSuccesses: number;
  tailCap: number;
  /** Relative weights of the operations. */
  mix: Record<OpKind, number>;
}

export const DEFAULT_BURST: BurstOptions = {
  workers: 6,
  faultOpsCap: 400,
  tailSuccesses: 60,
  tailCap: 3000,
  mix: { search: 70, token: 15, trigger: 15 },
};

/** The fault of a round, drawn by the PRNG; `forced` fixes its kind, `downMs` how long Redis stays down. */
export function planFault(rng: Prng, forced?: FaultKind, downMs?: number): FaultPlan {
  const kind = forced ?? rng.pick(FAULT_KINDS);
  const atMs = rng.int(150, 900);
  const victim = rng.int(0, 99);
  const drawn = rng.pick([1000, 2500]);
  if (kind === 'redis-kill') return { kind, atMs, downMs: downMs ?? drawn, victim };
  if (kind === 'redis-stall') return { kind, atMs, downMs: 3000, victim };
  return { kind, atMs, downMs: 0, victim };
}

export function describeFault(plan: FaultPlan, times?: FaultTimes): string {
  const at = `at +${plan.atMs} ms`;
  if (plan.kind === 'redis-kill') return `Redis SIGKILL ${at}, restarted after ${plan.downMs} ms`;
  if (plan.kind === 'redis-stall') return `Redis SIGSTOP ${at}, SIGCONT after ${plan.downMs} ms`;
  const who = times?.victim ? ` ${times.victim}` : '';
  const by = times?.replacement ? `, replaced by ${times.replacement}` : '';
  return `SIGKILL of instance${who} ${at}${by}`;
}

export function isSuccess(o: Outcome): boolean {
  return (
    (o.op === 'search' && o.status === 200) ||
    (o.op === 'token' && o.status === 201) ||
    (o.op === 'trigger' && o.status === 202)
  );
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The fault itself; the only timers are its moment and its length. */
async function inject(plan: FaultPlan, redis: AofRedis, cluster: Cluster): Promise<FaultTimes> {
  const injectedAt = Date.now();
  if (plan.kind === 'redis-kill') {
    await redis.kill();
    await delay(plan.downMs);
    await redis.restart();
    return { injectedAt, recoveredAt: Date.now() };
  }
  if (plan.kind === 'redis-stall') {
    redis.stall();
    await delay(plan.downMs);
    redis.resume();
    return { injectedAt, recoveredAt: Date.now() };
  }
  const victim = cluster.nodes[plan.victim % cluster.nodes.length];
  await cluster.kill(victim);
  const replacement = await cluster.replace();
  return { injectedAt, recoveredAt: Date.now(), victim: victim.id, replacement: replacement.id };
}

export interface BurstResult {
  outcomes: Outcome[];
  times: FaultTimes;
}

/**
 * Runs the burst for one organization's key. The i-th operation sent (its kind and instance) is the i-th the
 * PRNG drew, whatever the timing, so a replay sends the same sequence.
 */
export async function runBurst(
  rng: Prng,
  plan: FaultPlan,
  target: { redis: AofRedis; cluster: Cluster; key: string; orgId: string },
  options: BurstOptions = DEFAULT_BURST,
): Promise<BurstResult> {
  const outcomes: Outcome[] = [];
  let phase: 'before' | 'fault' | 'after' = 'before';
  let duringFault = 0;
  let afterFault = 0;
  let servedAfter = 0;
  let recoveredAt = Infinity;
  let onRecovered: () => void = () => {};
  const recovered = new Promise<void>((resolve) => (onRecovered = resolve));
  const draw = () => ({ op: rng.weighted(options.mix), pick: rng.int(0, 999) });

  const fault = (async () => {
    await delay(plan.atMs);
    phase = 'fault';
    try {
      return await inject(plan, target.redis, target.cluster);
    } finally {
      recoveredAt = Date.now();
      phase = 'after';
      onRecovered();
    }
  })();

  const client = async () => {
    for (;;) {
      if (phase === 'after' && (servedAfter >= options.tailSuccesses || afterFault >= options.tailCap))
        return;
      if (phase === 'fault' && duringFault >= options.faultOpsCap) {
        await recovered;
        continue;
      }
      const nodes = target.cluster.nodes;
      if (nodes.length === 0) {
        await recovered;
        continue;
      }
      const step = draw();
      if (phase === 'fault') duringFault++;
      if (phase === 'after') afterFault++;
      const out = await perform(step.op, nodes[step.pick % nodes.length], target.key, target.orgId);
      outcomes.push(out);
      if (out.start >= recoveredAt && isSuccess(out)) servedAfter++;
    }
  };

  const [settledFault] = await Promise.allSettled([
    fault,
    Promise.all(Array.from({ length: options.workers }, client)),
  ]);
  if (settledFault.status === 'rejected') throw settledFault.reason;
  return { outcomes, times: settledFault.value };
}

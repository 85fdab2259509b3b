/**
 * The scenario runner: one round is a fresh organization (a live key, a RAG tenant forced ready, a webhook
 * endpoint at the receiver, a known balance), a burst through the instances with one fault inside it, then,
 * once nothing is in flight and every instance reports its store `ok` again, the invariants of
 * test/chaos/support/checks.ts read through the public admin API. Used by test/chaos/*.test.ts (a few rounds)
 * and bench/chaos-soak.bench.ts (many).
 */
import { describeFault, planFault, runBurst, type FaultKind } from './burst.js';
import {
  checkBalance,
  checkHooks,
  checkLedger,
  checkOutcomes,
  tally,
  type HookFigures,
  type LedgerFigures,
  type Violation,
} from './checks.js';
import { adminOk, perform } from './client.js';
import { heal, until, type ChaosEnv } from './env.js';
import { flushCharges, probeHeld, probeTokens, readLedger, settleHooks, type Org } from './probes.js';
import { Prng, roundSeed } from './prng.js';

export { startEnv, stopEnv, type ChaosEnv } from './env.js';

export interface RoundOptions {
  /** The run's base seed (printed; the round's own seed is `<base>/<round>`). */
  base: string;
  round: number;
  /** The fault's kind; drawn by the PRNG when not given. */
  fault?: FaultKind;
  /** How long a killed Redis stays down (1000 or 2500 ms, drawn when not given). */
  downMs?: number;
  /** Deadline for each wait after the burst (store ok, ledger, deliveries), in ms. */
  settleMs?: number;
  /** N of the held-credits probe: a balance of exactly N searches must serve N in a row. */
  heldCalls?: number;
}

export interface RoundReport {
  base: string;
  seed: string;
  round: number;
  fault: string;
  ops: number;
  /** What the client saw, counted by operation, status and problem code. */
  answers: string;
  ledger: LedgerFigures;
  balance: { initial: number; final: number; drop: number; expected: number };
  /** Held credits right after the burst settled (`first`) and when the probe stopped (`last`). */
  held: { first: number; last: number; refused: number; waitedMs: number };
  hooks: HookFigures;
  tokens: { minted: number; reused: number; refusedAtFirstUse: number };
  violations: Violation[];
  notes: string[];
  /** The receiver path of the round's endpoint. */
  tag: string;
}

/** Credits set before each burst: far more than a burst can spend, so no 429 is legitimate. */
const INITIAL_BALANCE = 1_000_000;

async function setupOrg(env: ChaosEnv, round: number, seed: string, deadline: number): Promise<Org> {
  const [first] = env.cluster.nodes;
  const org = await adminOk<{ id: string }>(
    first,
    'POST',
    '/orgs',
    { name: `chaos ${seed}`, rag_entitled: true },
    201,
  );
  const orgId = org.id;
  await adminOk(first, 'PUT', `/orgs/${orgId}/rag`, { state: 'ready' }, 200);
  const { key } = await adminOk<{ key: string }>(
    first,
    'POST',
    `/orgs/${orgId}/keys`,
    { environment: 'live', scopes: ['rag:query', 'tts:speak'] },
    201,
  );
  const tag = `r${round}-${orgId}`;
  const endpoint = await adminOk<{ secret: string }>(
    first,
    'POST',
    `/orgs/${orgId}/webhook-endpoints`,
    { url: env.receiver.url(tag), events: ['key.compromised'] },
    201,
  );
  env.receiver.expect(tag, endpoint.secret);
  // One search through each instance, so the key and the ready tenant are known everywhere before the burst.
  const setupIds = new Set<string>();
  for (const node of env.cluster.nodes) {
    let last = '';
    const served = await until(deadline, async () => {
      const out = await perform('search', node, key, orgId);
      if (out.requestId) setupIds.add(out.requestId);
      last = `${out.status} ${out.code ?? ''} ${out.detail ?? ''}`;
      return out.status === 200;
    });
    if (!served) throw new Error(`setup: a search through ${node.id} was not served: ${last}`);
  }
  // A charge is sent after its answer; a read through an instance runs after that instance's own writes, so
  // these reads put every warm-up charge in Redis before the balance is set.
  await flushCharges(env.cluster.nodes, orgId);
  await adminOk(first, 'PATCH', `/orgs/${orgId}/billing`, { balance: INITIAL_BALANCE }, 200);
  for (const node of env.cluster.nodes) {
    const b = await adminOk<{ balance: { balance: number } }>(
      node,
      'GET',
      `/orgs/${orgId}/billing`,
      undefined,
      200,
    );
    if (b.balance.balance !== INITIAL_BALANCE)
      throw new Error(
        `setup: ${node.id} reads a balance of ${b.balance.balance} after it was set to ${INITIAL_BALANCE}`,
      );
  }
  return { orgId, key, tag, setupIds, initial: INITIAL_BALANCE };
}

export async function runRound(env: ChaosEnv, options: RoundOptions): Promise<RoundReport> {
  const seed = roundSeed(options.base, options.round);
  const settleMs = options.settleMs ?? 15_000;
  const rng = new Prng(seed);
  const plan = planFault(rng, options.fault, options.downMs);
  const notes = await heal(env, Date.now() + settleMs);
  const crashedBefore = env.cluster.crashed();
  if (crashedBefore.length) throw new Error(`instances died before the round: ${crashedBefore.join('; ')}`);
  const org = await setupOrg(env, options.round, seed, Date.now() + settleMs);

  const { outcomes, times } = await runBurst(rng, plan, { ...env, key: org.key, orgId: org.orgId });
  const violations: Violation[] = checkOutcomes(outcomes, times.injectedAt);
  const crashed = env.cluster.crashed();
  if (crashed.length)
    violations.push({ invariant: 'outcomes', detail: `instances died by themselves: ${crashed.join('; ')}` });
  notes.push(...(await heal(env, Date.now() + settleMs)));

  // Its own PRNG: the burst drew as many times as it sent operations, which timing decides.
  const tokens = await probeTokens(
    env,
    new Prng(`${seed}/tokens`),
    outcomes.flatMap((o) => (o.token ? [o.token] : [])),
  );
  const billed = outcomes.filter((o) => o.op === 'search' && o.status === 200).length;
  const read = await readLedger(env, org, billed, Date.now() + settleMs);
  const ledger = checkLedger(outcomes, read.entries, org.setupIds, env.price);
  const balance = checkBalance(org.initial, read.final, ledger.figures, env.price);
  const held = await probeHeld(env, org, options.heldCalls ?? 5, Date.now() + settleMs);

  const accepted = outcomes.flatMap((o) => (o.op === 'trigger' && o.eventId ? [o.eventId] : []));
  // Triggers that may have emitted their event: no answer, or an error answer not promising nothing changed.
  const mayHaveLanded = outcomes.filter(
    (o) =>
      o.op === 'trigger' &&
      o.status !== 202 &&
      (typeof o.status !== 'number' || !/nothing was changed/.test(o.detail ?? '')),
  ).length;
  const lostDetail = await settleHooks(env, org, accepted, Date.now() + settleMs);
  const atEndpoint = new Map(
    env.receiver
      .idsAt(org.tag)
      .map((id) => [id, env.receiver.arrivals.get(id)!.filter((a) => a.tag === org.tag)]),
  );
  const hooks = checkHooks(
    accepted,
    mayHaveLanded,
    atEndpoint,
    lostDetail,
    times.injectedAt,
    times.victim !== undefined,
  );

  violations.push(
    ...tokens.violations,
    ...ledger.violations,
    ...balance.violations,
    ...held.violations,
    ...hooks.violations,
  );
  return {
    base: options.base,
    tag: org.tag,
    seed,
    round: options.round,
    fault: describeFault(plan, times),
    ops: outcomes.length,
    answers: tally(outcomes),
    ledger: ledger.figures,
    balance: { initial: org.initial, final: read.final, drop: balance.drop, expected: balance.expected },
    held: held.figures,
    hooks: hooks.figures,
    tokens: tokens.figures,
    violations,
    notes: [...notes, ...tokens.notes, ...read.notes],
  };
}

/**
 * Event ids of the round's endpoint that have arrived more than once by now: after later rounds, more than
 * the round's own check counted means an event arrived again after the round was checked.
 */
export function duplicatesNow(env: ChaosEnv, report: RoundReport): string[] {
  return env.receiver
    .idsAt(report.tag)
    .filter((id) => env.receiver.arrivals.get(id)!.filter((a) => a.tag === report.tag).length > 1);
}

/** One line of figures, for messages and the soak's log. */
export function summary(r: RoundReport): string {
  const l = r.ledger;
  const h = r.hooks;
  return (
    `round ${r.round} seed ${r.seed} | ${r.fault} | ops ${r.ops} | billed ${l.billed} (unanswered ${l.unanswered}) ` +
    `ledger ${l.entries} | drop ${r.balance.drop} vs ${r.balance.expected} | held ${r.held.first}→${r.held.last} in ${r.held.waitedMs} ms, refused ${r.held.refused} ` +
    `| hooks ${h.delivered}/${h.accepted} dup ${h.duplicates} (again after a kill ${h.redeliveredAfterKill}) lost ${h.lost} badsig ${h.invalidSignatures} ` +
    `| tokens ${r.tokens.minted} reused ${r.tokens.reused}`
  );
}

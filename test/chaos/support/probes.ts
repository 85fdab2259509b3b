/**
 * The checks that need more than the burst's outcomes: each reads or probes the cluster through the public
 * API once the fault is over (the ledger and balance, a held-credits probe, the ws-token reuse probe, the
 * webhook deliveries), polling with a deadline where it waits.
 */
import { round6, type LedgerEntry, type Violation } from './checks.js';
import { admin, adminOk, mapLimit, openWithToken, perform } from './client.js';
import type { Node } from './cluster.js';
import { until, type ChaosEnv } from './env.js';
import type { Prng } from './prng.js';

/** A billing read through every instance: each runs after that instance's own writes (docs/scaling.md). */
export async function flushCharges(nodes: Node[], orgId: string): Promise<void> {
  await Promise.all(nodes.map((n) => adminOk(n, 'GET', `/orgs/${orgId}/billing`, undefined, 200)));
}

export interface Org {
  orgId: string;
  key: string;
  tag: string;
  setupIds: Set<string>;
  initial: number;
}

/** Each minted token opened twice, through two instances the PRNG picks: the second must be refused. */
export async function probeTokens(env: ChaosEnv, rng: Prng, tokens: string[]) {
  const picks = tokens.map(() => [rng.int(0, 999), rng.int(0, 999)]);
  const results = await mapLimit(tokens, 8, async (token, i) => {
    const nodes = env.cluster.nodes;
    const first = await openWithToken(nodes[picks[i][0] % nodes.length], token);
    const second = await openWithToken(nodes[picks[i][1] % nodes.length], token);
    return { token, first, second };
  });
  const reused = results.filter((r) => r.second.opened);
  const refusedFirst = results.filter((r) => !r.first.opened);
  const violations: Violation[] = reused.length
    ? [
        {
          invariant: 'ws-tokens',
          detail: `${reused.length} of ${tokens.length} ws-tokens opened a WebSocket twice (e.g. ${reused
            .slice(0, 3)
            .map((r) => r.token)
            .join(', ')})`,
        },
      ]
    : [];
  const notes = refusedFirst.length
    ? [
        `${refusedFirst.length} of ${tokens.length} ws-tokens answered 201 were refused at their first use ` +
          `(e.g. ${JSON.stringify(refusedFirst[0].first)}): a minted token lost (not one of the brief's invariants)`,
      ]
    : [];
  return {
    figures: { minted: tokens.length, reused: reused.length, refusedAtFirstUse: refusedFirst.length },
    violations,
    notes,
  };
}

/** Credits held by requests in progress, as a refusal's detail states them (the admin API shows no figure). */
const heldIn = (detail: string | undefined) =>
  Number(/of which ([\d.]+) are held/.exec(detail ?? '')?.[1] ?? 0);

/**
 * No credits held once nothing is in flight. The admin API has no held figure; a 429 `insufficient_credits`
 * states it ("of which X are held by requests in progress"). So: on a balance of 0, a search is refused and
 * tells what is held; polled until nothing is (a dead instance's holds may lapse after a lease) or the
 * deadline. Then a balance of exactly N searches must serve N in a row and refuse the next with nothing held.
 */
export async function probeHeld(env: ChaosEnv, org: Org, n: number, deadline: number) {
  const nodes = env.cluster.nodes;
  const billing = `/orgs/${org.orgId}/billing`;
  await adminOk(nodes[0], 'PATCH', billing, { balance: 0 }, 200);
  let first: number | undefined;
  let last = 0;
  let probe = 0;
  const start = Date.now();
  const released = await until(deadline, async () => {
    const out = await perform('search', nodes[probe++ % nodes.length], org.key, org.orgId);
    if (out.status !== 429) return false;
    last = heldIn(out.detail);
    first ??= last;
    return last === 0;
  });
  const waitedMs = Date.now() - start;
  await adminOk(nodes[0], 'PATCH', billing, { balance: round6(n * env.price) }, 200);
  const refusals: string[] = [];
  for (let i = 0; i < n; i++) {
    const out = await perform('search', nodes[i % nodes.length], org.key, org.orgId);
    if (out.status !== 200) refusals.push(`${out.status} ${out.code ?? ''}: ${out.detail ?? ''}`);
  }
  // The N charges in Redis first (they are sent after their answers), so a hold is a leaked one, not a late charge.
  await flushCharges(nodes, org.orgId);
  const next = await perform('search', nodes[n % nodes.length], org.key, org.orgId);
  const problems: string[] = [];
  if (!released)
    problems.push(
      `${first === undefined ? 'no probe on a balance of 0 was refused 429' : `${first} credits were held with nothing in flight, still ${last}`} at the deadline`,
    );
  if (refusals.length)
    problems.push(
      `${refusals.length} of ${n} searches on a balance of exactly ${n} were refused; first: ${refusals[0]}`,
    );
  if (heldIn(next.detail) > 0)
    problems.push(`the refusal of search ${n + 1} says credits are held: ${next.detail}`);
  if (next.status === 200) problems.push(`search ${n + 1} was served on a balance of 0`);
  else if (next.code !== 'insufficient_credits')
    problems.push(`search ${n + 1} answered ${next.status} ${next.code ?? ''}, not 429 insufficient_credits`);
  const violations: Violation[] = problems.length ? [{ invariant: 'held', detail: problems.join('; ') }] : [];
  return { figures: { first: first ?? NaN, last, refused: refusals.length, waitedMs }, violations };
}

export async function readLedger(env: ChaosEnv, org: Org, want: number, deadline: number) {
  let entries: LedgerEntry[] = [];
  let final = NaN;
  const notes: string[] = [];
  const path = `/orgs/${org.orgId}/usage?limit=10000&status=billed&product=rag_search`;
  const read = async (node: Node) => {
    const res = await admin<{ entries: LedgerEntry[]; balance: { balance: number } }>(node, 'GET', path);
    return res.status === 200 ? res.body : undefined;
  };
  // Every instance is asked (a read runs after that instance's own writes), until all show what was answered.
  await until(deadline, async () => {
    const views = await Promise.all(env.cluster.nodes.map(read));
    if (views.some((v) => v === undefined)) return false;
    const counts = views.map((v) => v!.entries.filter((e) => !org.setupIds.has(e.request_id ?? '')).length);
    entries = views[0]!.entries;
    final = views[0]!.balance.balance;
    return counts.every((c) => c >= want);
  });
  const views = await Promise.all(env.cluster.nodes.map(read));
  const balances = views.map((v, i) => `${env.cluster.nodes[i].id}: ${v?.balance.balance}`);
  if (new Set(views.map((v) => v?.balance.balance)).size > 1)
    notes.push(`after settling, the instances read different balances: ${balances.join(', ')}`);
  if (views[0]) {
    entries = views[0].entries;
    final = views[0].balance.balance;
  }
  return { entries, final, notes };
}

/** Waits for every accepted event at the receiver and for no pending delivery of the organization. */
export async function settleHooks(
  env: ChaosEnv,
  org: Org,
  accepted: string[],
  deadline: number,
): Promise<string> {
  await env.receiver.waitFor(accepted, deadline);
  const path = `/webhooks/deliveries?org_id=${org.orgId}&status=pending&limit=1000`;
  await until(deadline, async () => {
    const res = await admin<{ deliveries: unknown[] }>(env.cluster.nodes[0], 'GET', path);
    return res.status === 200 && res.body.deliveries.length === 0;
  });
  const lost = accepted.filter((id) => !env.receiver.arrivals.has(id)).slice(0, 3);
  const states = await Promise.all(
    lost.map(async (id) => {
      const res = await admin<{ deliveries: { status: string; attempts: unknown[] }[] }>(
        env.cluster.nodes[0],
        'GET',
        `/webhooks/deliveries?event_id=${id}`,
      );
      const d = res.body.deliveries?.[0];
      return d
        ? `${id}: ${d.status}, ${d.attempts.length} attempts`
        : `${id}: no delivery listed (${res.status})`;
    }),
  );
  return states.length ? `; the delivery log says ${states.join('; ')}` : '';
}

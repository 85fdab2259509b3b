/**
 * Issue 35, item 6: the shared state holds together when Redis dies, stalls or an instance dies mid-burst.
 * Three instances (the built CLI) over a private redis-server with an append-only file (`--appendfsync
 * always`); one round per fault kind: a burst of billed searches, ws-token mints and webhook triggers through
 * the instances with the fault at a moment the PRNG picks, then every invariant read through the admin API.
 * Seeded: every message starts with the seed; `CHAOS_SEED=<seed> npx vitest run test/chaos` replays the plan.
 * More rounds: bench/chaos-soak.bench.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisMissing } from './support/aof-redis.js';
import type { FaultKind } from './support/burst.js';
import type { Invariant } from './support/checks.js';
import { baseSeed } from './support/prng.js';
import {
  duplicatesNow,
  runRound,
  startEnv,
  stopEnv,
  summary,
  type ChaosEnv,
  type RoundReport,
} from './support/round.js';

const missing = redisMissing();
const seed = baseSeed();
/** Each wait after a burst (store ok, ledger, deliveries): enough for a dead instance's work to be handed over (5 s). */
const SETTLE_MS = 8_000;

const ROUNDS: { fault: FaultKind; downMs?: number; title: string }[] = [
  {
    fault: 'redis-kill',
    downMs: 1000,
    title: 'Redis SIGKILLed mid-burst and restarted from its append-only file 1 s later',
  },
  {
    fault: 'redis-kill',
    downMs: 2500,
    title: 'Redis SIGKILLed mid-burst and restarted from its append-only file 2.5 s later',
  },
  { fault: 'redis-stall', title: 'Redis stopped (SIGSTOP) mid-burst for 3 s, then continued (SIGCONT)' },
  { fault: 'instance-kill', title: 'one of three instances SIGKILLed mid-burst and replaced by a new one' },
];

let env: ChaosEnv | undefined;
const reports: RoundReport[] = [];

function violations(report: RoundReport | undefined, invariant: Invariant): string[] {
  if (!report) return [`CHAOS_SEED=${seed}: the round did not run (see the hook's error)`];
  return report.violations
    .filter((v) => v.invariant === invariant)
    .map((v) => `CHAOS_SEED=${seed} round ${report.round} (${report.seed}), ${report.fault}: ${v.detail}`);
}

function message(report: RoundReport | undefined): string {
  return report
    ? `CHAOS_SEED=${seed}: ${summary(report)}\n  answers: ${report.answers}${report.notes.map((n) => `\n  note: ${n}`).join('')}`
    : `CHAOS_SEED=${seed}`;
}

/** What each round proves, by invariant (test/chaos/support/checks.ts). */
const PROVEN: [Invariant, string][] = [
  [
    'outcomes',
    'every answer is a success or, once the fault has landed, the documented 502 upstream_error or a cut connection; no instance dies by itself',
  ],
  [
    'balance',
    'the balance fell by exactly the billed successes times the price (an unanswered request: once or not at all)',
  ],
  [
    'ledger',
    'the ledger has one billed entry per billed success, none for a request answered with an error, never two',
  ],
  [
    'held',
    'no credits are held once nothing is in flight (any hold released within the settle deadline): a balance of exactly 5 searches serves 5, then refuses with nothing held',
  ],
  [
    'webhooks',
    'every webhook event accepted with 202 arrives once, with a valid SVC-Signature (again only if its instance was killed as the receiver acknowledged it)',
  ],
  ['ws-tokens', 'no ws-token opens a WebSocket twice'],
];

describe.skipIf(missing !== undefined)(
  missing
    ? `fault tests skipped: ${missing}`
    : `shared state under faults, three instances over one Redis (CHAOS_SEED=${seed})`,
  () => {
    beforeAll(async () => {
      console.log(`test/chaos: CHAOS_SEED=${seed} (set it to replay this run's plan)`);
      env = await startEnv(3);
    }, 60_000);
    afterAll(() => stopEnv(env), 30_000);

    for (const [i, { fault, downMs, title }] of ROUNDS.entries()) {
      describe(title, () => {
        let report: RoundReport | undefined;
        beforeAll(async () => {
          try {
            report = await runRound(env!, { base: seed, round: i + 1, fault, downMs, settleMs: SETTLE_MS });
          } catch (err) {
            throw new Error(`CHAOS_SEED=${seed} round ${i + 1} (${fault}): ${String(err)}`, { cause: err });
          }
          reports.push(report);
          console.log(message(report));
        }, 120_000);

        for (const [invariant, title] of PROVEN)
          it(title, () => {
            expect(violations(report, invariant), message(report)).toEqual([]);
          });
      });
    }

    describe('after every round', () => {
      it('no webhook event of an earlier round arrived again after that round was checked', () => {
        const late = reports.flatMap((r) => {
          const again = duplicatesNow(env!, r).length - r.hooks.duplicates - r.hooks.redeliveredAfterKill;
          return again > 0
            ? [`CHAOS_SEED=${seed} round ${r.round} (${r.seed}): ${again} events arrived again later`]
            : [];
        });
        expect(late).toEqual([]);
      });
    });
  },
);

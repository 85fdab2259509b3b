/**
 * Issue 35, item 6: the fault tests (test/chaos/) for many rounds. Three instances of the built CLI over a
 * private redis-server with an append-only file (`--appendfsync always`); each round: a fresh organization, a
 * burst of billed searches, ws-token mints and webhook triggers through the instances with one fault drawn by
 * the PRNG at a random moment inside it (Redis SIGKILL and restart after 1 or 2.5 s, Redis SIGSTOP for 3 s,
 * or SIGKILL of an instance and a replacement), then every invariant of test/chaos/support/checks.ts read
 * through the admin API. One line per round, then a summary; exit code 1 when any round broke an invariant.
 * Replay: the same `--seed` replays every round's plan; `--round K` runs round K alone.
 *
 * Run: npm run build && npx tsx bench/chaos-soak.bench.ts [--rounds 50] [--seed S] [--round K]
 *        [--instances 3] [--settle-ms 15000]
 *      CHAOS_CLI=/other/checkout/dist/cli.js runs another build (an A/B of a fix).
 * Needs redis-server (Debian package `redis-server`); skipped with a message without it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { redisMissing } from '../test/chaos/support/aof-redis.js';
import { INVARIANTS, type Invariant } from '../test/chaos/support/checks.js';
import { baseSeed } from '../test/chaos/support/prng.js';
import {
  duplicatesNow,
  runRound,
  startEnv,
  stopEnv,
  summary,
  type ChaosEnv,
  type RoundReport,
} from '../test/chaos/support/round.js';
import { argNumber, argString, load1 } from './lib.js';

const ROUNDS = argNumber('rounds', 50);
const ONLY = argString('round');
const INSTANCES = argNumber('instances', 3);
const SETTLE_MS = argNumber('settle-ms', 15_000);
const SEED = baseSeed(argString('seed'));
const CLI = process.env.CHAOS_CLI || join(import.meta.dirname, '..', 'dist', 'cli.js');

interface Totals {
  billed: number;
  entries: number;
  dropOff: number;
  accepted: number;
  delivered: number;
  duplicates: number;
  againAfterKill: number;
  lost: number;
  tokens: number;
  reused: number;
}

async function main(): Promise<number> {
  const missing = redisMissing();
  if (missing) {
    console.log(`chaos-soak skipped: ${missing}`);
    return 0;
  }
  if (!existsSync(CLI)) {
    console.error(`chaos-soak: ${CLI} does not exist; run npm run build first`);
    return 2;
  }
  const rounds = ONLY ? [Number(ONLY)] : Array.from({ length: ROUNDS }, (_, i) => i + 1);
  console.log(
    `chaos-soak: seed ${SEED}, ${ONLY ? `round ${ONLY}` : `${ROUNDS} rounds`}, ${INSTANCES} instances of ${CLI}, ` +
      `settle deadline ${SETTLE_MS} ms, load ${load1()}`,
  );
  let env: ChaosEnv | undefined;
  const reports: RoundReport[] = [];
  const errors: string[] = [];
  const t0 = performance.now();
  try {
    env = await startEnv(INSTANCES);
    for (const round of rounds) {
      let report: RoundReport;
      try {
        report = await runRound(env, { base: SEED, round, settleMs: SETTLE_MS });
      } catch (err) {
        const line = `round ${round} seed ${SEED}/${round}: ERROR ${String(err)}`;
        errors.push(line);
        console.log(line);
        continue;
      }
      reports.push(report);
      const broken = [...new Set(report.violations.map((v) => v.invariant))];
      console.log(`${summary(report)} | ${broken.length ? `BROKEN ${broken.join(',')}` : 'ok'}`);
      console.log(`    answers: ${report.answers}`);
      for (const v of report.violations) console.log(`    ${v.invariant}: ${v.detail}`);
      for (const n of report.notes) console.log(`    note: ${n}`);
    }
    // A duplicate can come after its round was checked: every round is counted once more after the last one.
    for (const r of reports) {
      const again = duplicatesNow(env, r).length - r.hooks.duplicates - r.hooks.redeliveredAfterKill;
      if (again <= 0) continue;
      r.hooks.duplicates += again;
      r.violations.push({
        invariant: 'webhooks',
        detail: `${again} events arrived again after the round was checked`,
      });
      console.log(
        `round ${r.round} seed ${r.seed}: ${again} webhook events arrived again after the round was checked`,
      );
    }
  } finally {
    await stopEnv(env);
  }

  const t: Totals = {
    billed: 0,
    entries: 0,
    dropOff: 0,
    accepted: 0,
    delivered: 0,
    duplicates: 0,
    againAfterKill: 0,
    lost: 0,
    tokens: 0,
    reused: 0,
  };
  for (const r of reports) {
    t.billed += r.ledger.billed;
    t.entries += r.ledger.entries;
    t.dropOff += env ? Math.round((r.balance.expected - r.balance.drop) / env.price) : 0;
    t.accepted += r.hooks.accepted;
    t.delivered += r.hooks.delivered;
    t.duplicates += r.hooks.duplicates;
    t.againAfterKill += r.hooks.redeliveredAfterKill;
    t.lost += r.hooks.lost;
    t.tokens += r.tokens.minted;
    t.reused += r.tokens.reused;
  }
  const brokenBy = (inv: Invariant) => reports.filter((r) => r.violations.some((v) => v.invariant === inv));
  console.log(
    `\n===== chaos-soak summary: seed ${SEED}, ${((performance.now() - t0) / 1000).toFixed(0)} s, load ${load1()} =====`,
  );
  console.log(
    `rounds ${reports.length + errors.length}: ${reports.filter((r) => r.violations.length === 0).length} held every invariant, ` +
      `${reports.filter((r) => r.violations.length > 0).length} broke one or more, ${errors.length} errors`,
  );
  for (const inv of INVARIANTS) {
    const broken = brokenBy(inv);
    const seeds = broken.map((r) => r.seed).slice(0, 8);
    console.log(
      `  ${inv.padEnd(10)} ${broken.length ? `broken in ${broken.length} rounds (${seeds.join(', ')}${broken.length > 8 ? ', …' : ''})` : 'held'}`,
    );
  }
  console.log(
    `totals: billed successes ${t.billed}, ledger entries ${t.entries}, balance short of the expected drop by ${t.dropOff} calls; ` +
      `webhook events accepted ${t.accepted}, delivered ${t.delivered}, duplicated ${t.duplicates} (made again after their instance was killed as they were acknowledged: ${t.againAfterKill}), lost ${t.lost}; ` +
      `ws-tokens ${t.tokens}, opened twice ${t.reused}`,
  );
  for (const e of errors) console.log(`  ${e}`);
  return reports.some((r) => r.violations.length > 0) || errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

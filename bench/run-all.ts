/**
 * `npm run bench`: every benchmark script in bench/ in turn, with short durations so the whole run takes a few
 * minutes, then a summary. Each script keeps its own arguments for full runs (see docs/benchmarks.md).
 * Run: npx tsx bench/run-all.ts [--only name,name]
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { load1 } from './lib.js';

const DIR = import.meta.dirname;
const ROOT = join(DIR, '..');

/** Short-run arguments per script; node flags go before the script. */
const SHORT: Record<string, { args?: string[]; nodeFlags?: string[]; before?: string[] }> = {
  'load.bench.ts': { args: ['--seconds', '10', '--sockets', '100', '--rt-seconds', '5'] },
  'soak.bench.ts': { args: ['--requests', '20000', '--every', '5000'], nodeFlags: ['--expose-gc'] },
  'slow-clients.bench.ts': {
    args: ['--slowloris', '50', '--readers', '5', '--events', '200'],
    nodeFlags: ['--expose-gc'],
  },
  'prism-compare.bench.ts': {
    args: ['--seconds', '5', '--rounds', '1', '--starts', '1'],
    before: ['npm', 'run', 'build', '--silent'],
  },
  'instances.bench.ts': {
    args: ['--seconds', '3', '--rounds', '1', '--sockets', '100', '--rt-seconds', '3'],
    before: ['npm', 'run', 'build', '--silent'],
  },
  'metering-overhead.bench.ts': { args: ['3'] },
  'tts.bench.ts': { args: ['50'] },
  'webhooks.bench.ts': { args: ['1000'] },
  'event-loop.bench.ts': { args: ['--seconds', '8'] },
  'chaos-soak.bench.ts': { args: ['--rounds', '5'], before: ['npm', 'run', 'build', '--silent'] },
  'rag-engine.bench.ts': { nodeFlags: ['--expose-gc'] },
  'state.bench.ts': {
    args: ['--orgs', '20', '--docs', '1000', '--ledger', '10000'],
    before: ['npm', 'run', 'build', '--silent'],
  },
};

function run(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, CHUNKS: process.env.CHUNKS ?? '10000' },
    });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

async function main(): Promise<void> {
  const only = process.argv.includes('--only')
    ? process.argv[process.argv.indexOf('--only') + 1].split(',')
    : undefined;
  const scripts = readdirSync(DIR)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => !only || only.some((o) => f.startsWith(o)))
    .sort();
  const summary: string[] = [];
  for (const script of scripts) {
    const cfg = SHORT[script] ?? {};
    const load = load1();
    const t0 = performance.now();
    console.log(`\n===== ${script} (load ${load}) =====`);
    let code = cfg.before ? await run(cfg.before[0], cfg.before.slice(1)) : 0;
    if (code === 0)
      code = await run(process.execPath, [
        ...(cfg.nodeFlags ?? []),
        '--import',
        'tsx',
        join(DIR, script),
        ...(cfg.args ?? []),
      ]);
    summary.push(
      `${code === 0 ? 'ok  ' : 'FAIL'} ${script.padEnd(28)} ${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s  load ${load}`,
    );
  }
  console.log(`\n===== summary =====\n${summary.join('\n')}`);
  process.exitCode = summary.some((s) => s.startsWith('FAIL')) ? 1 : 0;
}

await main();

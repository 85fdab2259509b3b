/**
 * Runs in every test file: the contract self-check is on (vitest sets SVC_EMULATOR_CONTRACT_CHECK=1), and
 * after each test any response or WebSocket frame that broke the OpenAPI documents fails that test. After
 * the file, the operations it exercised are written down for the coverage check (global-setup.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { liveCheckers } from '../../src/app/emulator.js';
// The worker task table, which a pool of size 0 imports in-process on first use, is loaded here, before any
// test runs: once (2026-11-26, not reproduced since) that first import's module fetch from vitest's main process
// timed out under the suite's load, and the module runner then replays the cached failure to every later
// importer in the fork (vitejs/vite#23131), failing the size-0 pool tests of files that ran after it.
import '../../src/app/worker-tasks.js';
import { coverageDir } from './coverage-dir.js';

afterEach(() => {
  const found = [...liveCheckers].flatMap((checker) => checker.violations.splice(0));
  if (found.length > 0) {
    throw new Error(
      `contract self-check: ${found.length} violation(s):\n${found.map((v) => `- ${v.where}: ${v.problem}`).join('\n')}`,
    );
  }
});

afterAll(() => {
  const seen = new Set([...liveCheckers].flatMap((checker) => [...checker.seen]));
  const dir = coverageDir(process.ppid);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${process.pid}-${Math.random().toString(36).slice(2)}.json`),
    JSON.stringify([...seen]),
  );
});

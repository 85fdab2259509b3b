/**
 * Every shell and TypeScript example of README.md and docs/*.md, run as written (issue 14), so an example
 * cannot rot. The examples talk to http://127.0.0.1:4747 as a user's would; the test runs one emulator (demo
 * state, reset before each example) on a free port and rewrites `127.0.0.1:4747` / `localhost:4747` to it. Shell
 * examples run in `bash -euo pipefail` in an empty directory, with `svc-emulator` on PATH as an installed
 * package puts it; TypeScript examples run with tsx from a directory inside the package, so
 * `import … from 'svc-emulator'` resolves to the built package.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { killAll, runCli } from '../support/cli.js';
import { allExamples, extractExamples } from './extract.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const examples = allExamples(ROOT);
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith('SVC_EMULATOR_') && !k.startsWith('VITEST')),
);

let adminUrl: string;
let port: string;
let shimDir: string;
const tsDir = join(ROOT, '.doc-examples');

beforeAll(async () => {
  const run = runCli(['--port', '0', '--seed', 'docs-examples', '--wait-ready', '--log-level', 'silent']);
  const line = await run.line(/^svc-emulator ready at /);
  adminUrl = /\(admin (\S+)\)/.exec(line)![1];
  port = new URL(adminUrl).port;
  shimDir = mkdtempSync(join(tmpdir(), 'svc-bin-'));
  writeFileSync(
    join(shimDir, 'svc-emulator'),
    `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'dist', 'cli.js')}" "$@"\n`,
  );
  chmodSync(join(shimDir, 'svc-emulator'), 0o755);
  mkdirSync(tsDir, { recursive: true });
}, 60_000);

afterAll(async () => {
  await killAll();
  rmSync(tsDir, { recursive: true, force: true });
  if (shimDir) rmSync(shimDir, { recursive: true, force: true });
});

beforeEach(async () => {
  if (adminUrl) await fetch(`${adminUrl}/reset`, { method: 'POST' });
});

function localize(code: string): string {
  return code
    .replaceAll('127.0.0.1:4747', `127.0.0.1:${port}`)
    .replaceAll('localhost:4747', `localhost:${port}`);
}

function exec(file: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd, env: { ...cleanEnv, PATH: `${shimDir}:${process.env.PATH}` }, timeout: 90_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

describe('the extractor', () => {
  it('finds sh and ts fences, honours a skip with a reason, and refuses a skip without one', () => {
    const md = [
      '# t',
      '```sh',
      'echo hi',
      '```',
      '<!-- example: skip (needs Docker) -->',
      '```bash',
      'docker ps',
      '```',
      '```json',
      '{}',
      '```',
      '```ts',
      'const a = 1;',
      '```',
    ].join('\n');
    expect(extractExamples('x.md', md)).toEqual([
      { file: 'x.md', line: 2, lang: 'sh', code: 'echo hi' },
      { file: 'x.md', line: 6, lang: 'sh', code: 'docker ps', skip: 'needs Docker' },
      { file: 'x.md', line: 12, lang: 'ts', code: 'const a = 1;' },
    ]);
    expect(() => extractExamples('x.md', '<!-- example: skip () -->\n```sh\nx\n```')).toThrow(
      /needs a reason/,
    );
    expect(() => extractExamples('x.md', '<!-- example: skip (why) -->\n\ntext')).toThrow(
      /just before a fence/,
    );
  });

  it('covers the README and every docs page, and skips only what cannot run here', () => {
    expect(examples.filter((e) => e.file === 'README.md' && !e.skip).length).toBeGreaterThanOrEqual(2);
    for (const e of examples.filter((x) => x.skip))
      expect(e.skip, `${e.file}:${e.line}`).toMatch(
        /Docker|whole suite|installs|real gateway|recipe its own test/i,
      );
  });
});

describe('examples', () => {
  for (const example of examples) {
    const title = `${example.file}:${example.line} (${example.lang})`;
    if (example.skip) {
      it.skip(`${title}: ${example.skip}`, () => undefined);
      continue;
    }
    it(
      title,
      async () => {
        let result;
        if (example.lang === 'sh') {
          const cwd = mkdtempSync(join(tmpdir(), 'svc-example-'));
          writeFileSync(join(cwd, 'example.sh'), `set -euo pipefail\n${localize(example.code)}\n`);
          result = await exec('bash', ['example.sh'], cwd);
          rmSync(cwd, { recursive: true, force: true });
        } else {
          const file = join(tsDir, `${example.file.replace(/[^\w]+/g, '-')}-${example.line}.ts`);
          writeFileSync(file, localize(example.code));
          result = await exec(process.execPath, ['--import', 'tsx', file], tsDir);
        }
        expect(result.code, `${title} failed:\n${example.code}\n--- output ---\n${result.output}`).toBe(0);
      },
      120_000,
    );
  }
});

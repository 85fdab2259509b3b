/**
 * docs/recipes-debugging.md, "a CI test failed — find out why", run as written: the documented start
 * command (on port 0 instead of 4747, so parallel runs cannot collide), a failing client, then the
 * documented investigation commands in bash against the log file and the running emulator.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { killAll, runCli } from '../support/cli.js';

afterEach(killAll);

const DOC = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'recipes-debugging.md'), 'utf8');

function block(marker: string): string {
  const match = new RegExp(`<!-- recipe:${marker} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(DOC);
  if (!match) throw new Error(`no recipe:${marker} block in docs/recipes-debugging.md`);
  return match[1];
}

it('the debugging recipe finds the failed request, its problem and the fault that caused it', async () => {
  const start = block('start').trim();
  const args = /^npx svc-emulator (.*) > emulator\.log 2>&1 &$/.exec(start)![1].split(' ');
  const run = runCli(args.map((a, i) => (args[i - 1] === '--port' ? '0' : a)));
  const base = /ready at (http:\/\/\S+)\/v1 /.exec(await run.line(/ready at/))![1];
  const key = (await run.line(/^demo test key: /)).split(': ')[1];

  // The "test suite": a typo, then a call that an injected fault fails, then a good one.
  const post = (body: unknown) =>
    fetch(`${base}/v1/tts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post({ txt: 'hi', voice: 'ar-SA-noura' })).status).toBe(422);
  const rule = (await (
    await fetch(`${base}/_emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'error',
        status: 502,
        code: 'upstream_error',
        match: { operation: 'tts.speak' },
        times: 1,
      }),
    })
  ).json()) as { id: string };
  const failed = await post({ text: 'hi', voice: 'ar-SA-noura' });
  expect(failed.status).toBe(502);
  await run.line(/"status":502/);

  const dir = mkdtempSync(join(tmpdir(), 'svc-recipe-'));
  writeFileSync(join(dir, 'emulator.log'), [...run.stdout, ...run.stderr].join('\n') + '\n');
  const { stdout } = await promisify(execFile)('bash', ['-e', '-o', 'pipefail', '-c', block('investigate')], {
    cwd: dir,
    env: { ...process.env, EMU: `${base}/_emulator` },
  });
  const requestId = failed.headers.get('x-request-id')!;
  expect(stdout).toContain('"code":"validation_failed"');
  expect(stdout).toContain(`"request_id":"${requestId}"`);
  expect(stdout).toContain(`"fault_rule":"${rule.id}"`);
  // The request in full, from the journal.
  expect(stdout).toContain(`"rule_id": "${rule.id}"`);
  expect(stdout).toMatch(/"problem": \{[\s\S]*"code": "upstream_error"/);
});

/**
 * Issue 25's "Keep" proof: the emulator killed with SIGKILL while a periodic save (`--persist DIR
 * --persist-interval 1`) is writing leaves the previous complete `DIR/state.json`, and a new emulator
 * started with `--persist DIR` loads it.
 *
 * The state is made sizeable (a few MB of indexed documents) so a save takes long enough to be caught: the
 * test watches DIR and sends SIGKILL as soon as a file other than state.json appears (the save's temporary
 * file). A kill that arrives after the rename proves nothing about a half-written file, so such a round is
 * repeated (the emulator restarted from DIR, which exercises the load too) until a kill lands while the
 * temporary file is still there.
 */
import { watch, type FSWatcher } from 'node:fs';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAll, runCli, type CliRun } from '../support/cli.js';

const DOCS = 120;
const DOC_BYTES = 40_000;

interface Up {
  run: CliRun;
  base: string;
  admin: string;
}

async function start(dir: string): Promise<Up> {
  const run = runCli([
    '--port',
    '0',
    '--seed',
    'persist-kill',
    '--clock-start',
    '2031-01-01T00:00:00Z',
    '--no-demo-corpus',
    '--log-level',
    'silent',
    '--persist',
    dir,
    '--persist-interval',
    '1',
  ]);
  const line = await run.line(/ready at /);
  const [, base, admin] = /ready at (\S+) \(admin (\S+)\)/.exec(line)!;
  return { run, base, admin };
}

async function json(method: string, url: string, body?: unknown): Promise<any> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Documents of a few MB in one organization, indexed (the clock advanced past their jobs). */
async function fill(up: Up): Promise<void> {
  const org = await json('POST', `${up.admin}/orgs`, { name: 'big', rag_entitled: true });
  await json('PUT', `${up.admin}/orgs/${org.id}/rag`, { state: 'ready' });
  const key = await json('POST', `${up.admin}/orgs/${org.id}/keys`, {
    environment: 'live',
    scopes: ['rag:query'],
  });
  const sentence = 'سياسة الإجازات السنوية تمنح الموظف ثلاثين يوما مدفوعة الأجر. ';
  for (let i = 0; i < DOCS; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, DOCS - i) }, async (_, j) => {
        const form = new FormData();
        const text = `Document ${i + j}. ` + sentence.repeat(Math.ceil(DOC_BYTES / 110));
        form.append('file', new Blob([text], { type: 'text/plain' }), `doc-${i + j}.txt`);
        form.append('title', `Document ${i + j}`);
        const res = await fetch(`${up.base}/rag/documents`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key.key}` },
          body: form,
        });
        if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }),
    );
  }
  await json('POST', `${up.admin}/clock/advance`, { seconds: 3600 });
}

const stateFile = (dir: string) => join(dir, 'state.json');

/**
 * The bytes of the state file once two saves landed after now (renames of state.json): saves never overlap, so
 * the second one started after the first ended, i.e. after now, and holds the state as it is now.
 */
async function settledSave(dir: string): Promise<Buffer> {
  let watcher: FSWatcher | undefined;
  await new Promise<void>((resolve) => {
    let renames = 0;
    watcher = watch(dir, (event, name) => {
      if (event === 'rename' && name === 'state.json' && ++renames === 2) resolve();
    });
  });
  watcher?.close();
  const bytes = readFileSync(stateFile(dir));
  JSON.parse(bytes.toString('utf8'));
  return bytes;
}

/**
 * Changes the state (so the next save writes something new), then sends SIGKILL the moment a temporary file
 * appears in DIR. Resolves with whether the temporary file was still there after the process died.
 */
async function killDuringSave(up: Up, dir: string, round: number): Promise<boolean> {
  let watcher: FSWatcher | undefined;
  const others = () => readdirSync(dir).filter((f) => f !== 'state.json');
  const seen = new Promise<void>((resolve) => {
    watcher = watch(dir, () => {
      if (others().length > 0) {
        up.run.child.kill('SIGKILL');
        resolve();
      }
    });
  });
  await json('POST', `${up.admin}/orgs`, { name: `round ${round}` });
  await seen;
  watcher?.close();
  const { signal } = await up.run.exited;
  expect(signal).toBe('SIGKILL');
  return others().length > 0;
}

describe('--persist: SIGKILL during a periodic save', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-persist-kill-'));
  afterAll(async () => {
    await killAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the previous complete state.json, which a new emulator loads', async () => {
    let up = await start(dir);
    await fill(up);
    let previous = await settledSave(dir);
    let caught = false;
    for (let round = 1; round <= 10 && !caught; round++) {
      caught = await killDuringSave(up, dir, round);
      const after = readFileSync(stateFile(dir));
      const doc = JSON.parse(after.toString('utf8'));
      expect(doc).toMatchObject({ format: 'svc-emulator-state', version: 2 });
      // Killed before the rename: the file is the previous save, byte for byte.
      if (caught) expect(after.equals(previous)).toBe(true);
      previous = after;
      up = await start(dir);
      // The new emulator carries on from the file: its organizations are the file's.
      const orgs = await json('GET', `${up.admin}/orgs`);
      expect(orgs.organizations.map((o: { id: string }) => o.id).sort()).toEqual(
        Object.keys(doc.orgs as object).sort(),
      );
    }
    expect(caught, 'no SIGKILL landed while a save was writing in 10 rounds').toBe(true);
  }, 120_000);
});

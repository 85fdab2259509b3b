/**
 * `svc-emulator/testing`'s useSandbox with each runner: vitest itself (this file uses the hook), jest's
 * beforeAll/afterAll (jest is not installed: a fake pair stands for its globals, which have the same names and
 * order), and node:test (`node --test` on a fixture file in a child process).
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as vitest from 'vitest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/index.js';
import { useSandbox, type RunnerHooks } from '../../src/testing.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const START = '2033-03-03T03:03:03.000Z';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, seed: 'use-sandbox', logLevel: 'silent' });
});
afterAll(() => emu.close());

const documents = (baseUrl: string, key: string) =>
  fetch(`${baseUrl}/rag/documents`, { headers: { Authorization: `Bearer ${key}` } });
const gone = async (id: string) =>
  expect(emu.admin.sandboxes.get(id)).rejects.toMatchObject({ status: 404, code: 'not_found' });

// The handle is read inside tests only; at collection time it says why it cannot be used yet.
const sbx = useSandbox(vitest, { emulator: () => emu, credits: 40, clock: { mode: 'frozen', now: START } });
const collectError = (() => {
  try {
    return sbx.id;
  } catch (err) {
    return err as Error;
  }
})();

describe('useSandbox with vitest, one sandbox for the file', () => {
  let first: string;

  it('is created before the tests, with the options given', async () => {
    first = sbx.id;
    expect((await documents(sbx.baseUrl, sbx.keys.live)).status).toBe(200);
    expect((await sbx.usage()).balance.balance).toBe(40);
    expect((await sbx.clock.advance(30)).now).toBe('2033-03-03T03:03:33.000Z');
  });

  it('is the same sandbox in every test of the file', async () => {
    expect(sbx.id).toBe(first);
    expect((await sbx.clock.get()).now).toBe('2033-03-03T03:03:33.000Z');
    expect(Object.keys(sbx)).toContain('orgId');
    expect('keys' in sbx).toBe(true);
  });

  it('could not be read while the file was collected', () => {
    expect(collectError).toBeInstanceOf(Error);
    expect((collectError as Error).message).toMatch(/no sandbox yet.*before-all hook/);
  });
});

describe('useSandbox with vitest, one sandbox per test', () => {
  const each = useSandbox({ beforeEach, afterEach }, { each: 'test', emulator: () => emu });
  const seen: string[] = [];

  it('gets a sandbox of its own', async () => {
    seen.push(each.id);
    expect(each.id).not.toBe(sbx.id);
    expect((await documents(each.baseUrl, each.keys.live)).status).toBe(200);
  });

  it('gets a new one, the previous deleted', async () => {
    seen.push(each.id);
    expect(seen[1]).not.toBe(seen[0]);
    await gone(seen[0]);
  });
});

describe('useSandbox in a describe block', () => {
  let inner: string;
  describe('inner', () => {
    const scoped = useSandbox(vitest, { emulator: () => emu });
    it('has its own sandbox', () => {
      inner = scoped.id;
    });
  });
  it('deletes it after the block', async () => {
    await gone(inner);
  });
});

/** Collects hooks as a runner would, and runs them on demand. */
function fakeRunner() {
  const registered: Record<'beforeAll' | 'afterAll', (() => Promise<void>)[]> = {
    beforeAll: [],
    afterAll: [],
  };
  const hooks: RunnerHooks = {
    beforeAll: (fn) => registered.beforeAll.push(fn),
    afterAll: (fn) => registered.afterAll.push(fn),
  };
  const run = async (which: 'beforeAll' | 'afterAll') => {
    for (const fn of registered[which]) await fn();
  };
  return { hooks, run };
}

describe('useSandbox with jest (a fake beforeAll/afterAll pair: jest is not installed)', () => {
  it('creates in beforeAll and deletes in afterAll, against the admin URL given', async () => {
    const jest = fakeRunner();
    const handle = useSandbox(jest.hooks, { adminUrl: emu.adminUrl, name: 'jest file' });
    expect(() => handle.id).toThrow(/no sandbox yet/);
    // Returned from an async function (a helper, a hook) before it exists: not mistaken for a promise.
    expect(await Promise.resolve(handle)).toBe(handle);
    await jest.run('beforeAll');
    const id = handle.id;
    expect((await emu.admin.sandboxes.get(id)).name).toBe('jest file');
    expect(handle.baseUrl).toBe(emu.baseUrl);
    await jest.run('afterAll');
    await gone(id);
    expect(() => handle.id).toThrow(/no sandbox yet/);
  });

  it('finds the emulator through SVC_ADMIN_URL', async () => {
    vitest.vi.stubEnv('SVC_ADMIN_URL', emu.adminUrl);
    try {
      const jest = fakeRunner();
      const handle = useSandbox(jest.hooks);
      await jest.run('beforeAll');
      const id = handle.id;
      expect((await documents(handle.baseUrl, handle.keys.test)).status).toBe(200);
      await jest.run('afterAll');
      await gone(id);
    } finally {
      vitest.vi.unstubAllEnvs();
    }
  });

  it('says what is missing: no emulator, no hooks', async () => {
    vitest.vi.stubEnv('SVC_ADMIN_URL', '');
    try {
      const jest = fakeRunner();
      useSandbox(jest.hooks);
      await expect(jest.run('beforeAll')).rejects.toThrow(/which emulator\?.*SVC_ADMIN_URL/);
    } finally {
      vitest.vi.unstubAllEnvs();
    }
    expect(() => useSandbox({ beforeAll: vitest.beforeAll })).toThrow(/afterAll/);
    expect(() => useSandbox(fakeRunner().hooks, { each: 'test' })).toThrow(/beforeEach and afterEach/);
  });

  it('closes quietly when the emulator stopped first (vitest runs after hooks last-registered first)', async () => {
    const own = await startEmulator({ port: 0, seed: 'use-sandbox-stop', logLevel: 'silent' });
    const jest = fakeRunner();
    useSandbox(jest.hooks, { emulator: own });
    await jest.run('beforeAll');
    await own.close();
    await expect(jest.run('afterAll')).resolves.toBeUndefined();
  });
});

describe('useSandbox with node:test', () => {
  it('runs a node --test file that starts an emulator and uses a sandbox per file and per test', async () => {
    const fixture = join(ROOT, 'test', 'core', 'fixtures', 'node-test-sandbox.mjs');
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('SVC_EMULATOR_') && !k.startsWith('VITEST')),
    );
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--test', '--test-reporter=tap', fixture],
        { cwd: ROOT, env, timeout: 60_000 },
        (err, stdout, stderr) =>
          resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(/^# pass 4$/m);
    expect(output).toMatch(/^# fail 0$/m);
  }, 60_000);
});

/**
 * `svc-emulator/testing`: one call in a test file gives the file, or each test, its own sandbox, created in the
 * runner's before hook and deleted in its after hook. The runner's hooks are passed in (vitest's and jest's
 * `beforeAll/afterAll`, node:test's `before/after`, or the `…Each` pairs), so this module depends on no runner.
 */
import { connectSandboxes, type Sandbox, type SandboxOptions, type SandboxSource } from './app/sandbox.js';

export type { Sandbox, SandboxOptions, SandboxSource } from './app/sandbox.js';
export { connectSandboxes } from './app/sandbox.js';

type HookFn = () => Promise<void>;
// Loose on purpose: each runner types its hooks its own way (vitest, jest and node:test differ in arguments).
type Hook = (fn: HookFn) => unknown;

/**
 * A runner's hooks, or its module namespace (`import * as vitest from 'vitest'`, `import * as t from 'node:test'`):
 * `beforeAll/afterAll` (vitest, jest) or `before/after` (node:test); `beforeEach/afterEach` for `each: 'test'`.
 */
export interface RunnerHooks {
  beforeAll?: Hook;
  afterAll?: Hook;
  before?: Hook;
  after?: Hook;
  beforeEach?: Hook;
  afterEach?: Hook;
}

export interface UseSandboxOptions extends SandboxOptions {
  /** `file` (default): one sandbox for the whole file; `test`: a new one for each test. */
  each?: 'file' | 'test';
  /**
   * The emulator: a running one (`startEmulator`), `connectSandboxes(adminUrl)`, or a function giving either
   * when the hook runs (for an emulator the file starts in an earlier `beforeAll`). Default: `adminUrl`.
   */
  emulator?: SandboxSource | (() => SandboxSource | Promise<SandboxSource>);
  /** The emulator's admin URL (default the `SVC_ADMIN_URL` variable, as `--keys-file ci.env` writes it). */
  adminUrl?: string;
  /** Sent as `X-Admin-Token` (default the `SVC_EMULATOR_ADMIN_TOKEN` variable). */
  adminToken?: string;
}

/**
 * Registers the hooks that create a sandbox before the file (or each test) and delete it after, and returns a
 * handle that stands for the current one: read it inside tests and hooks, not at the top of the file.
 */
export function useSandbox(hooks: RunnerHooks, options: UseSandboxOptions = {}): Sandbox {
  const { each = 'file', emulator, adminUrl, adminToken, ...create } = options;
  const [before, after] =
    each === 'test'
      ? [hooks.beforeEach, hooks.afterEach]
      : [hooks.beforeAll ?? hooks.before, hooks.afterAll ?? hooks.after];
  if (!before || !after) {
    const names =
      each === 'test' ? 'beforeEach and afterEach' : 'beforeAll and afterAll (or before and after)';
    throw new TypeError(`useSandbox({ each: '${each}' }) needs the runner's ${names} in its first argument`);
  }
  let current: Sandbox | undefined;
  before(async () => {
    const source = await sourceOf(emulator, adminUrl, adminToken);
    current = await source.sandbox(create);
  });
  after(async () => {
    const done = current;
    current = undefined;
    await done?.close().catch(ignoreStoppedEmulator);
  });
  return lazyHandle(() => {
    if (current) return current;
    throw new Error(
      `useSandbox: no sandbox yet (it is created in ${each === 'test' ? 'beforeEach' : 'the before-all hook'}); ` +
        'use the handle inside tests and hooks, not while the file is being collected',
    );
  });
}

/**
 * Runners order after hooks differently (vitest: last registered first; node:test and jest: first first), so the
 * file's own `afterAll(() => emu.close())` may run before ours: a stopped emulator took its sandboxes with it.
 */
function ignoreStoppedEmulator(err: unknown): void {
  const cause = err instanceof TypeError ? (err.cause as { code?: string } | undefined) : undefined;
  if (cause?.code !== 'ECONNREFUSED') throw err;
}

async function sourceOf(
  emulator: UseSandboxOptions['emulator'],
  adminUrl: string | undefined,
  adminToken: string | undefined,
): Promise<SandboxSource> {
  if (emulator) return typeof emulator === 'function' ? await emulator() : emulator;
  const url = adminUrl ?? process.env.SVC_ADMIN_URL;
  if (!url)
    throw new Error(
      'useSandbox: which emulator? Pass `emulator` (startEmulator(...) or connectSandboxes(url)), `adminUrl`, ' +
        'or set SVC_ADMIN_URL (e.g. http://127.0.0.1:4747/_emulator)',
    );
  return connectSandboxes(url, { adminToken: adminToken ?? process.env.SVC_EMULATOR_ADMIN_TOKEN });
}

/** A Sandbox whose every property is read from the sandbox of the moment. */
function lazyHandle(current: () => Sandbox): Sandbox {
  return new Proxy({} as Sandbox, {
    get(_target, property) {
      // Never a thenable: returning the handle from an async function or hook must not read the sandbox.
      if (property === 'then') return undefined;
      const target = current();
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    has: (_target, property) => property in current(),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_target, property) => {
      const d = Reflect.getOwnPropertyDescriptor(current(), property);
      return d && { ...d, configurable: true };
    },
  });
}

import type express from 'express';
import type { EmulatorOptions } from './config.js';
import { createEmulator, type Emulator, type EmulatorOverrides } from './emulator.js';
import { createAdminClient, type AdminClient } from '../client/admin-client.js';
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';
import { emulatorState, loadAtStart, type EmulatorState } from '../persist/library-state.js';
import type { Persister } from '../persist/persister.js';

export interface RunningEmulator {
  /** `http://HOST:PORT/v1` (`https` with TLS) */
  baseUrl: string;
  /** `http://HOST:PORT/_emulator` */
  adminUrl: string;
  port: number;
  /** With `tls: true`: the PEM file of the CA made at start (trust it to reach `baseUrl`); null otherwise. */
  caFile: string | null;
  orgId: string;
  /** The demo organization's keys, deterministic for a given seed. */
  keys: { live: string; test: string };
  emulator: Emulator;
  /** A typed client of the admin API on `adminUrl`, with the admin token when one is configured. */
  admin: AdminClient;
  /**
   * Creates a sandbox (an organization with its keys, optional clock and webhook endpoint) and resolves with
   * its handle (src/app/sandbox.ts); `close()` it when done. `svc-emulator/testing` does both around a test file.
   */
  sandbox(options?: SandboxOptions): Promise<Sandbox>;
  /** Saves and loads the state in-process (docs/state.md): `await emu.state.save()`, `emu.state.load(file)`. */
  state: EmulatorState;
  /** Stops the emulator; with `persist`, after writing the state a last time (a failed write rejects, once stopped). */
  close(): Promise<void>;
}

/**
 * Starts an emulator on a port (default 4747; pass `port: 0` in tests) with its boot state, or with the state
 * `state` (a file) or `persist` (a folder) names, loaded before it listens.
 */
export async function startEmulator(
  options: EmulatorOptions = {},
  overrides: EmulatorOverrides = {},
): Promise<RunningEmulator> {
  const emulator = await createEmulator(options, overrides);
  let listening;
  let persister: Persister | null = null;
  try {
    persister = await loadAtStart(emulator);
    listening = await emulator.listen();
  } catch (err) {
    persister?.dispose();
    await emulator.close();
    throw err;
  }
  let admin: AdminClient | undefined;
  const running: RunningEmulator = {
    baseUrl: listening.baseUrl,
    adminUrl: listening.adminUrl,
    port: listening.port,
    caFile: listening.caFile,
    orgId: emulator.demo.orgId,
    keys: emulator.demo.keys,
    emulator,
    // Created on first use: the client brings in fetch (undici), which the CLI never needs.
    get admin() {
      return (admin ??= createAdminClient({
        adminUrl: listening.adminUrl,
        adminToken: emulator.config.adminToken ?? undefined,
      }));
    },
    sandbox: (options) => createSandbox(running.admin, listening, options),
    state: emulatorState(emulator),
    close: async () => {
      let saved: Error | undefined;
      await persister?.close().catch((err: Error) => (saved = err));
      await emulator.close();
      if (saved) throw saved;
    },
  };
  return running;
}

/** The Express app of a booted emulator, for supertest (`request(await createApp())`). */
export async function createApp(
  options: EmulatorOptions = {},
): Promise<express.Express & { emulator: Emulator }> {
  const emulator = await createEmulator(options);
  return Object.assign(emulator.app, { emulator });
}

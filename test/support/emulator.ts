/**
 * Builds an in-process emulator for a test file: `{ emulator, app, keys }`, plus small helpers that go
 * through the admin API the way a test suite using the emulator would.
 */
import request from 'supertest';
import type { EmulatorOptions } from '../../src/app/config.js';
import type { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import type { OperationHandler } from '../../src/http/context.js';
import type { Scope } from '../../src/orgs/store.js';

export interface TestEmulator {
  emulator: Emulator;
  app: Emulator['app'];
  keys: { live: string; test: string };
  keyIds: { live: string; test: string };
  orgId: string;
}

export async function buildEmulator(
  options: EmulatorOptions = {},
  overrides: { clock?: Clock } = {},
): Promise<TestEmulator> {
  const emulator = await createEmulator({ seed: 'core-tests', logLevel: 'silent', ...options }, overrides);
  return {
    emulator,
    app: emulator.app,
    keys: emulator.demo.keys,
    keyIds: emulator.demo.keyIds,
    orgId: emulator.demo.orgId,
  };
}

export function bearer(key: string): string {
  return `Bearer ${key}`;
}

export interface CreatedKey {
  id: string;
  key: string;
  display: string;
}

/** Creates a key through `POST /_emulator/orgs/{id}/keys`. */
export async function createKey(
  app: Emulator['app'],
  orgId: string,
  input: { scopes: Scope[]; environment?: 'live' | 'test'; name?: string },
  adminHeaders: Record<string, string> = {},
): Promise<CreatedKey> {
  const res = await request(app)
    .post(`/_emulator/orgs/${orgId}/keys`)
    .set(adminHeaders)
    .send({
      environment: input.environment ?? 'live',
      scopes: input.scopes,
      ...(input.name ? { name: input.name } : {}),
    });
  if (res.status !== 201) throw new Error(`creating a key failed: ${res.status} ${res.text}`);
  return res.body as CreatedKey;
}

/** Creates an organization through `POST /_emulator/orgs`. */
export async function createOrg(
  app: Emulator['app'],
  body: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const res = await request(app).post('/_emulator/orgs').send(body);
  if (res.status !== 201) throw new Error(`creating an organization failed: ${res.status} ${res.text}`);
  return res.body as { id: string; name: string };
}

/** Revokes a key through `DELETE /_emulator/keys/{keyId}`. */
export async function revokeKey(app: Emulator['app'], keyId: string): Promise<void> {
  const res = await request(app).delete(`/_emulator/keys/${keyId}`);
  if (res.status !== 200) throw new Error(`revoking a key failed: ${res.status} ${res.text}`);
}

/** Mints a ws-token with `POST /v1/auth/ws-token`. */
export async function mintWsToken(app: Emulator['app'], key: string, scopes: Scope[]): Promise<string> {
  const res = await request(app).post('/v1/auth/ws-token').set('Authorization', bearer(key)).send({ scopes });
  if (res.status !== 201) throw new Error(`minting a ws-token failed: ${res.status} ${res.text}`);
  return (res.body as { token: string }).token;
}

/**
 * A stand-in handler for tests that look at what reached the handler (defaults, decoded parameters). Its
 * answers are not the product's, so the contract self-check leaves them alone.
 */
export function spyHandler(fn: OperationHandler): OperationHandler {
  return async (ctx) => {
    ctx.res.locals.contractExempt = true;
    await fn(ctx);
  };
}

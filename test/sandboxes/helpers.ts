/** Shared helpers of the sandbox tests: create one through the admin API, call /v1 with its keys. */
import request from 'supertest';
import { expect } from 'vitest';
import type { Emulator } from '../../src/app/emulator.js';
import { bearer } from '../support/emulator.js';

export interface SandboxKeyView {
  id: string;
  key?: string;
  display: string | null;
}

export interface SandboxBody {
  id: string;
  org_id: string;
  name: string;
  created_at: string;
  scope: string;
  base_url: string | null;
  admin_url: string | null;
  keys: { live: SandboxKeyView; test: SandboxKeyView };
  webhook_endpoint: { id: string; url: string; secret?: string } | null;
  clock: { mode: string; now: string; now_ms: number; time_scale: number; pending_timers: number } | null;
  options: Record<string, any>;
}

export async function createSandbox(app: Emulator['app'], body: Record<string, unknown> = {}) {
  const res = await request(app).post('/_emulator/sandboxes').send(body);
  expect(res.status, res.text).toBe(201);
  return res.body as SandboxBody & { keys: { live: { key: string }; test: { key: string } } };
}

export function v1(app: Emulator['app'], key: string, method: 'get' | 'post', path: string): request.Test {
  return request(app)[method](path).set('Authorization', bearer(key));
}

export async function balanceOf(app: Emulator['app'], orgId: string): Promise<number> {
  const res = await request(app).get(`/_emulator/orgs/${orgId}/billing`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { balance: { balance: number } }).balance.balance;
}

export async function ledgerOf(app: Emulator['app'], orgId: string): Promise<unknown[]> {
  const res = await request(app).get(`/_emulator/orgs/${orgId}/usage`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { entries: unknown[] }).entries;
}

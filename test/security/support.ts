/**
 * Shared set-up of the security tests: a frozen-clock emulator holding two organizations (A and B), both
 * entitled to RAG with ready tenants, each with a live key of every scope.
 */
import request from 'supertest';
import { encodeWav } from '../../src/audio/index.js';
import { Clock } from '../../src/core/clock.js';
import type { EmulatorOptions } from '../../src/app/config.js';
import { ALL_SCOPES } from '../../src/orgs/store.js';
import { buildEmulator, createKey, createOrg, type TestEmulator } from '../support/emulator.js';

export interface Tenant {
  orgId: string;
  key: string;
  keyId: string;
  testKey: string;
}

export interface TwoOrgs extends TestEmulator {
  clock: Clock;
  a: Tenant;
  b: Tenant;
}

/** An entitled organization with a ready tenant, a live and a test key, created through the admin API. */
export async function newTenant(t: TestEmulator, name: string): Promise<Tenant> {
  const org = await createOrg(t.app, { name, rag_entitled: true });
  const res = await request(t.app).put(`/_emulator/orgs/${org.id}/rag`).send({ state: 'ready' });
  if (res.status !== 200) throw new Error(`PUT rag tenant failed: ${res.status} ${res.text}`);
  const live = await createKey(t.app, org.id, { scopes: [...ALL_SCOPES] });
  const test = await createKey(t.app, org.id, { scopes: [...ALL_SCOPES], environment: 'test' });
  return { orgId: org.id, key: live.key, keyId: live.id, testKey: test.key };
}

export async function buildTwoOrgs(options: EmulatorOptions = {}): Promise<TwoOrgs> {
  const clock = new Clock({ mode: 'frozen', startAt: Date.parse('2025-03-01T09:00:00Z') });
  const t = await buildEmulator({ seed: 'security-tests', ...options }, { clock });
  return { ...t, clock, a: await newTenant(t, 'Org A'), b: await newTenant(t, 'Org B') };
}

/** `seconds` of a 440 Hz sine as a 16 kHz WAV. */
export function sineWav(seconds: number, sampleRate = 16000): Buffer {
  const pcm = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = 0.3 * Math.sin((2 * Math.PI * 440 * i) / sampleRate);
  return encodeWav(pcm, sampleRate);
}

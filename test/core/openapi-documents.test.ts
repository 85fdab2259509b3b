/** The contract documents the emulator serves under /_emulator (the /v1 one and its own). */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';

let t: TestEmulator;

beforeAll(async () => {
  t = await buildEmulator();
});
afterAll(() => t.emulator.close());

describe('the contract documents', () => {
  it('serves the /v1 and admin OpenAPI documents', async () => {
    const gateway = await request(t.app).get('/_emulator/openapi.json');
    expect(gateway.body.paths).toHaveProperty('/tts');
    const admin = await request(t.app).get('/_emulator/openapi/admin.json');
    expect(admin.body.paths).toHaveProperty('/health');
  });

  // Issue 37: a generator given the admin document's URL followed `./gateway.yaml#/…` to a 404.
  it('every reference in the served admin document resolves against its URL to what the emulator serves', async () => {
    const base = 'http://emulator.test/_emulator/openapi/admin.json';
    const admin = (await request(t.app).get('/_emulator/openapi/admin.json')).body as unknown;
    const refs = new Set<string>();
    JSON.stringify(admin, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string') refs.add(value);
      return value;
    });
    const external = [...refs].filter((r) => !r.startsWith('#'));
    expect(external.length).toBeGreaterThan(0);
    const served = new Map<string, unknown>();
    for (const ref of external) {
      const [file, fragment] = ref.split('#');
      const path = new URL(file, base).pathname;
      if (!served.has(path)) {
        const res = await request(t.app).get(path);
        expect(res.status, `${ref} → GET ${path}`).toBe(200);
        served.set(path, res.body);
      }
      let node = served.get(path) as Record<string, unknown> | undefined;
      for (const part of fragment.split('/').slice(1))
        node = node?.[part] as Record<string, unknown> | undefined;
      expect(node, `${ref} points at nothing`).toBeDefined();
    }
  });
});

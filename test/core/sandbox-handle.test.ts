/** The library's sandbox handle (`emu.sandbox()`, `connectSandboxes()`), through a running emulator on port 0. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminApiError, connectSandboxes, startEmulator, type RunningEmulator } from '../../src/index.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

const START = '2031-05-06T07:08:09.000Z';

describe('emu.sandbox()', () => {
  let emu: RunningEmulator;
  let receiver: Receiver;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 'sandbox-handle', logLevel: 'silent' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await emu.close();
    await receiver.close();
  });

  const documents = (baseUrl: string, key: string) =>
    fetch(`${baseUrl}/rag/documents`, { headers: { Authorization: `Bearer ${key}` } });

  it('gives the ids, URLs, keys and scope of a new sandbox, whose keys work on /v1', async () => {
    const sbx = await emu.sandbox({ name: 'handle', credits: 250 });
    try {
      expect(sbx.id).toMatch(/^sbx_.{16}$/);
      expect(sbx.scope).toBe(sbx.id);
      expect(sbx.orgId).toMatch(/^org_/);
      expect(sbx.orgId).not.toBe(emu.orgId);
      expect(sbx.baseUrl).toBe(emu.baseUrl);
      expect(sbx.adminUrl).toBe(emu.adminUrl);
      expect(sbx.keyIds.live).toBe(sbx.view.keys.live.id);
      expect((await documents(sbx.baseUrl, sbx.keys.live)).status).toBe(200);
      expect((await documents(sbx.baseUrl, sbx.keys.test)).status).toBe(200);
      expect(sbx.webhookEndpoint).toBeNull();
      expect((await sbx.usage()).balance.balance).toBe(250);
    } finally {
      await sbx.close();
    }
  });

  it('takes the JSON of POST /sandboxes: rag_entitled and rag.state, as the organization operations name them', async () => {
    const ready = await emu.sandbox({ rag_entitled: true, rag: { state: 'provisioning' } });
    const off = await emu.sandbox({ rag_entitled: false });
    try {
      expect(ready.view.options).toMatchObject({ rag_entitled: true, rag: { state: 'provisioning' } });
      expect((await documents(ready.baseUrl, ready.keys.live)).status).toBe(409);
      expect(off.view.options).toMatchObject({ rag_entitled: false, rag: null });
      expect((await documents(off.baseUrl, off.keys.live)).status).toBe(403);
    } finally {
      await ready.close();
      await off.close();
    }
  });

  it('gives a sandbox made without a clock its own at its first set', async () => {
    const globalBefore = (await emu.admin.clock.freeze()).now;
    const sbx = await emu.sandbox();
    try {
      await expect(sbx.clock.get()).rejects.toMatchObject({ status: 409, code: 'sandbox_without_clock' });
      expect(await sbx.clock.set({ now: START })).toMatchObject({ mode: 'frozen', now: START });
      expect((await sbx.clock.advance(60)).now).toBe('2031-05-06T07:09:09.000Z');
      expect((await emu.admin.clock.get()).now).toBe(globalBefore);
    } finally {
      await sbx.close();
    }
  });

  it('drives its own clock and leaves the emulator clock alone', async () => {
    const globalBefore = (await emu.admin.clock.freeze()).now;
    const sbx = await emu.sandbox({ clock: { mode: 'frozen', now: START } });
    try {
      expect((await sbx.clock.get()).now).toBe(START);
      const advanced = await sbx.clock.advance(3600);
      expect(Date.parse(advanced.now) - Date.parse(START)).toBe(3600_000);
      expect((await sbx.clock.set({ now: '2031-06-01T00:00:00Z' })).now).toBe('2031-06-01T00:00:00.000Z');
      await expect(sbx.clock.set({ now: '2031-01-01T00:00:00Z' })).rejects.toMatchObject({
        status: 422,
        code: 'invalid_clock_change',
      });
      expect((await emu.admin.clock.get()).now).toBe(globalBefore);
      expect((await sbx.reset()).clock?.now).toBe(START);
      expect((await sbx.clock.get()).now).toBe(START);
      // Reset makes the same keys again.
      expect((await documents(sbx.baseUrl, sbx.keys.live)).status).toBe(200);
    } finally {
      await sbx.close();
    }
  });

  it('sees only its own requests, faults and report', async () => {
    const sbx = await emu.sandbox();
    const demoFault = await emu.admin.faults.add({
      kind: 'error',
      status: 503,
      match: { org_id: emu.orgId, path: '/v1/rag/documents' },
    });
    try {
      const rule = await sbx.faults.add({ kind: 'error', status: 502, match: { path: '/v1/rag/documents' } });
      expect(rule.match?.sandbox).toBe(sbx.id);
      expect(rule.sandbox_org_id).toBe(sbx.orgId);
      expect((await sbx.faults.list()).map((f) => f.id)).toEqual([rule.id]);

      const mine = await documents(sbx.baseUrl, sbx.keys.live);
      const theirs = await documents(emu.baseUrl, emu.keys.live);
      expect(mine.status).toBe(502);
      expect(theirs.status).toBe(503);
      const myId = mine.headers.get('x-request-id');
      const theirId = theirs.headers.get('x-request-id');

      const seen = await sbx.waitForRequest({ path: '/v1/rag/documents' });
      expect(seen.request_id).toBe(myId);
      // A request sent with the sandbox's scope belongs to it too, whatever its key: its rule, its journal.
      const other = await emu.sandbox();
      const scoped = await fetch(`${emu.baseUrl}/rag/documents`, {
        headers: { Authorization: `Bearer ${other.keys.test}`, 'X-Emulator-Scope': sbx.scope },
      });
      expect(scoped.status).toBe(502);
      const scopedId = scoped.headers.get('x-request-id');
      const journal = await sbx.journal();
      expect(journal.map((e) => e.request_id).sort()).toEqual([myId, scopedId].sort());
      // Deleting the other sandbox takes its organization's entries with it, the scoped one too.
      await other.close();
      expect((await sbx.journal()).map((e) => e.request_id)).toEqual([myId]);

      const reported = (await sbx.report()).groups.flatMap((g) => g.faults ?? []).map((f) => f.request_id);
      expect(reported).toContain(myId);
      expect(reported).not.toContain(theirId);

      await sbx.faults.clear();
      expect(await sbx.faults.list()).toEqual([]);
      expect((await emu.admin.faults.list()).faults.map((f) => f.id)).toContain(demoFault.id);
      expect((await documents(sbx.baseUrl, sbx.keys.live)).status).toBe(200);
    } finally {
      await emu.admin.faults.remove(demoFault.id);
      await sbx.close();
    }
  });

  it('shows its webhook endpoint with the secret, and its own deliveries', async () => {
    const sbx = await emu.sandbox({ webhook: { url: receiver.url, events: ['ping'] } });
    try {
      expect(sbx.webhookEndpoint).toMatchObject({ id: expect.any(String), url: receiver.url });
      expect(sbx.webhookEndpoint?.secret).toMatch(/.{16,}/);
      await emu.admin.webhooks.trigger({ event: 'ping', org_id: sbx.orgId });
      const delivered = await sbx.waitForDelivery({ event: 'ping', status: 'delivered' });
      expect(delivered.endpoint_id).toBe(sbx.webhookEndpoint?.id);
      const all = await sbx.deliveries();
      expect(all.length).toBeGreaterThan(0);
      expect(all.every((d) => d.endpoint_id === sbx.webhookEndpoint?.id)).toBe(true);
    } finally {
      await sbx.close();
    }
  });

  it('closes once: the keys stop working, a second close and a close after deletion elsewhere resolve', async () => {
    const sbx = await emu.sandbox();
    await sbx.close();
    await sbx.close();
    expect((await documents(sbx.baseUrl, sbx.keys.live)).status).toBe(401);
    await expect(emu.admin.sandboxes.get(sbx.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });

    const other = await emu.sandbox();
    await emu.admin.sandboxes.delete(other.id);
    await expect(other.close()).resolves.toBeUndefined();
  });

  it('refuses bad options with the problem the admin API sent', async () => {
    const err = await emu.sandbox({ credits: -1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({ status: 422 });
    expect((err as AdminApiError).detail).toMatch(/credits/);
  });
});

describe('connectSandboxes(adminUrl)', () => {
  let emu: RunningEmulator;

  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      seed: 'sandbox-connect',
      logLevel: 'silent',
      adminToken: 'tok-123',
    });
  });
  afterAll(() => emu.close());

  it('gives the same handle over HTTP, its base URL derived from the admin URL', async () => {
    const remote = connectSandboxes(emu.adminUrl, { adminToken: 'tok-123' });
    expect(remote.baseUrl).toBe(emu.baseUrl);
    const sbx = await remote.sandbox({ clock: { mode: 'frozen', now: START } });
    expect((await sbx.clock.advance(1)).now).toBe('2031-05-06T07:08:10.000Z');
    const res = await fetch(`${sbx.baseUrl}/rag/documents`, {
      headers: { Authorization: `Bearer ${sbx.keys.live}` },
    });
    expect(res.status).toBe(200);
    await sbx.close();
    await expect(emu.admin.sandboxes.get(sbx.id)).rejects.toMatchObject({ status: 404 });
  });

  it('throws 401 admin_unauthorized without the admin token', async () => {
    await expect(connectSandboxes(emu.adminUrl).sandbox()).rejects.toMatchObject({
      status: 401,
      code: 'admin_unauthorized',
    });
  });

  it('takes a base URL of its own (an emulator behind a proxy or in a container)', () => {
    const remote = connectSandboxes('http://emulator.internal:8080/_emulator', {
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    expect(remote.baseUrl).toBe('http://127.0.0.1:9/v1');
    expect(connectSandboxes('http://127.0.0.1:4747/_emulator/').baseUrl).toBe('http://127.0.0.1:4747/v1');
  });
});

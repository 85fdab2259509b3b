/** `emu.admin.sandboxes.*`: the typed client's sandbox operations against a running emulator on port 0. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminApiError, startEmulator, type RunningEmulator } from '../../src/index.js';

describe('emu.admin.sandboxes', () => {
  let emu: RunningEmulator;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 'admin-sandbox-tests', logLevel: 'silent' });
  });
  afterAll(() => emu.close());

  const documents = (key: string) =>
    fetch(`${emu.baseUrl}/rag/documents`, { headers: { Authorization: `Bearer ${key}` } });

  it('creates, lists, resets, drives the clock of and deletes a sandbox', async () => {
    const s = await emu.admin.sandboxes.create({
      name: 'client',
      credits: 12,
      clock: { mode: 'frozen', now: '2031-02-03T04:05:06Z' },
    });
    expect(s.base_url).toBe(emu.baseUrl);
    expect(s.admin_url).toBe(emu.adminUrl);
    expect(s.scope).toBe(s.id);
    const key = s.keys.live.key!;
    expect((await documents(key)).status).toBe(200);

    expect((await emu.admin.sandboxes.list()).sandboxes.map((x) => x.id)).toContain(s.id);
    expect((await emu.admin.sandboxes.get(s.id)).keys.live.key).toBeUndefined();

    const advanced = await emu.admin.sandboxes.clock.advance(s.id, 60);
    expect(advanced.now).toBe('2031-02-03T04:06:06.000Z');
    const set = await emu.admin.sandboxes.clock.set(s.id, { now: '2031-02-04T00:00:00Z' });
    expect(set.now).toBe('2031-02-04T00:00:00.000Z');
    const back = await emu.admin.sandboxes.clock
      .set(s.id, { now: '2031-01-01T00:00:00Z' })
      .catch((e: unknown) => e);
    expect(back).toBeInstanceOf(AdminApiError);
    expect(back).toMatchObject({ status: 422, code: 'invalid_clock_change' });

    const reset = await emu.admin.sandboxes.reset(s.id);
    expect(reset.clock?.now).toBe('2031-02-03T04:05:06.000Z');
    expect((await emu.admin.sandboxes.clock.get(s.id)).now).toBe('2031-02-03T04:05:06.000Z');
    expect((await documents(key)).status).toBe(200);

    await emu.admin.sandboxes.delete(s.id);
    const gone = await emu.admin.sandboxes.get(s.id).catch((e: unknown) => e);
    expect(gone).toMatchObject({ status: 404, code: 'not_found', detail: `no sandbox ${s.id}` });
    expect((await documents(key)).status).toBe(401);
  });

  it('throws the 409 of a sandbox without a clock of its own', async () => {
    const s = await emu.admin.sandboxes.create();
    const err = await emu.admin.sandboxes.clock.get(s.id).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'sandbox_without_clock' });
  });
});

/**
 * `emu.state` (save, saveToFile, load from bytes, a path or a parsed document), `startEmulator({ state,
 * persist })`, the sandbox handle's `state`, and the typed admin client's `getState`/`state.bytes`/`putState`,
 * all against a real emulator.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminApiError } from '../../src/client/admin-client.js';
import { ApiError } from '../../src/core/errors.js';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';

const BASE = { port: 0, logLevel: 'silent', demoCorpus: false } as const;
let dir: string;
let emu: RunningEmulator;
const others: RunningEmulator[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lib-state-'));
  emu = await startEmulator({ ...BASE, seed: 'lib-state' });
});
afterEach(async () => {
  for (const e of others.splice(0)) await e.close();
});
afterAll(async () => {
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

const parse = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8'));
const newer = { format: 'svc-emulator-state', version: 99, scope: { kind: 'emulator' }, orgs: {} };

describe('emu.state', () => {
  it('saves the whole state or one organization, and loads it back from bytes, a path or the document', async () => {
    const org = await emu.admin.orgs.create({ name: 'Saved org' });
    const whole = await emu.state.save();
    expect(parse(whole)).toMatchObject({
      format: 'svc-emulator-state',
      version: 2,
      scope: { kind: 'emulator' },
    });
    expect(Object.keys(parse(whole).orgs)).toContain(org.id);
    const one = parse(await emu.state.save({ org: org.id }));
    expect(one.scope).toEqual({ kind: 'organization', org_id: org.id });
    expect(Object.keys(one.orgs)).toEqual([org.id]);

    const file = join(dir, 'whole.json');
    await emu.state.saveToFile(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parse(readFileSync(file)).orgs).toEqual(parse(whole).orgs);

    for (const input of [whole, file, parse(whole)]) {
      await emu.admin.reset();
      await expect(emu.admin.orgs.get(org.id)).rejects.toMatchObject({ status: 404 });
      const result = await emu.state.load(input);
      expect(result.scope).toEqual({ kind: 'emulator' });
      expect(result.org_ids).toContain(org.id);
      expect((await emu.admin.orgs.get(org.id)).name).toBe('Saved org');
    }
  });

  it('refuses a document of another version with the problem, and changes nothing', async () => {
    const before = parse(await emu.state.save()).orgs;
    const refused = await emu.state.load(newer).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('unsupported_state_version');
    expect(parse(await emu.state.save()).orgs).toEqual(before);
  });

  it('startEmulator({ state }) starts from a file; ({ persist }) writes it at close and carries on from it', async () => {
    const org = await emu.admin.orgs.create({ name: 'From a file' });
    const file = join(dir, 'fixture.json');
    await emu.state.saveToFile(file);
    const fromFile = await startEmulator({ ...BASE, seed: 'lib-state', state: file });
    others.push(fromFile);
    expect((await fromFile.admin.orgs.get(org.id)).name).toBe('From a file');

    const persist = join(dir, 'persist');
    const first = await startEmulator({
      ...BASE,
      seed: 'lib-state',
      persist,
      persistInterval: 0,
      state: file,
    });
    const kept = await first.admin.orgs.create({ name: 'Made after the fixture' });
    await first.close();
    expect(statSync(join(persist, 'state.json')).mode & 0o777).toBe(0o600);
    // The persisted file wins over --state: the second start carries on.
    const second = await startEmulator({
      ...BASE,
      seed: 'lib-state',
      persist,
      persistInterval: 0,
      state: file,
    });
    others.push(second);
    expect((await second.admin.orgs.get(kept.id)).name).toBe('Made after the fixture');
    expect((await second.admin.orgs.get(org.id)).name).toBe('From a file');
  });

  it('a --state file that cannot load stops the start, naming the file and the field', async () => {
    const file = join(dir, 'bad.json');
    const bad = parse(await emu.state.save());
    bad.scope.kind = 'galaxy';
    writeFileSync(file, JSON.stringify(bad));
    const started = startEmulator({ ...BASE, seed: 'lib-state', state: file });
    await expect(started).rejects.toThrow(new RegExp(`^--state ${file}: .*/scope/kind`));
    await expect(startEmulator({ ...BASE, state: join(dir, 'missing.json') })).rejects.toThrow(
      `--state ${join(dir, 'missing.json')}: cannot read it`,
    );
  });
});

describe('the admin client and the sandbox handle', () => {
  it('getState, state.bytes and putState (JSON, gzip, parsed); a refused load is an AdminApiError', async () => {
    const org = await emu.admin.orgs.create({ name: 'Client org' });
    const doc = await emu.admin.getState({ org: org.id });
    expect(doc.scope).toEqual({ kind: 'organization', org_id: org.id });
    const bytes = await emu.admin.state.bytes({ org: org.id });
    expect(parse(bytes)).toEqual(doc);
    await emu.admin.orgs.update(org.id, { name: 'Renamed' });
    expect(await emu.admin.putState(gzipSync(bytes))).toEqual({
      scope: { kind: 'organization', org_id: org.id },
      org_ids: [org.id],
      includes: [],
    });
    expect((await emu.admin.orgs.get(org.id)).name).toBe('Client org');
    await emu.admin.orgs.update(org.id, { name: 'Renamed' });
    await emu.admin.putState(doc);
    expect((await emu.admin.orgs.get(org.id)).name).toBe('Client org');

    const refused = await emu.admin.putState(JSON.stringify(newer)).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AdminApiError);
    expect(refused).toMatchObject({ status: 422, code: 'unsupported_state_version' });
    expect((refused as AdminApiError).detail).toMatch(/version/);
  });

  it("a sandbox's state: saved with its sandbox, loaded back as it was", async () => {
    const sbx = await emu.sandbox({ name: 'kept' });
    others.push({ close: () => sbx.close() } as RunningEmulator);
    const saved = await sbx.state.save();
    expect(parse(saved).scope).toEqual({ kind: 'organization', org_id: sbx.orgId, sandbox_id: sbx.id });
    await sbx.admin.orgs.update(sbx.orgId, { name: 'changed' });
    const result = await sbx.state.load(saved);
    expect(result.org_ids).toEqual([sbx.orgId]);
    expect((await sbx.admin.orgs.get(sbx.orgId)).name).toBe(sbx.view.name);
  });
});

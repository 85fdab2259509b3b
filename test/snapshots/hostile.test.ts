/**
 * Issue 25 proof: each hostile document is refused through PUT /_emulator/state with a problem naming the
 * first bad field, and the emulator's state is byte-for-byte what it was (its export with the journal and
 * secrets), in memory and over Redis.
 */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { buildState, documentOf, problemOf, raw, sansRequestCount } from './helpers.js';

const T0 = Date.parse('2031-03-01T10:00:00Z');
type Doc = Record<string, any>;

describe.each(['memory', 'redis'] as const)('hostile state documents (%s store)', (kind) => {
  let redis: TestRedis | undefined;
  let emulator: Emulator;
  let url: string;
  let valid: string;
  let before: Buffer;

  beforeAll(async () => {
    if (kind === 'redis') redis = await startRedis();
    emulator = await createEmulator(
      { seed: 'hostile', logLevel: 'silent', demoCorpus: false, ...(redis ? { store: redis.url } : {}) },
      { clock: new Clock({ mode: 'frozen', startAt: T0 }) },
    );
    url = `${(await emulator.listen(0, '127.0.0.1')).adminUrl}/state`;
    await buildState(emulator);
    valid = documentOf(await raw(url, 'GET', { 'Accept-Encoding': 'identity' })).toString();
    before = await emulator.part('snapshots').saveToBuffer({ journal: true, secrets: true });
  });
  afterAll(async () => {
    await emulator?.close();
    await redis?.stop();
  });

  const mutated = (change: (doc: Doc) => void): string => {
    const doc = JSON.parse(valid) as Doc;
    change(doc);
    return JSON.stringify(doc);
  };
  const firstOrg = (doc: Doc): Doc => doc.orgs[Object.keys(doc.orgs as Doc)[0]] as Doc;

  async function refused(
    body: Buffer | string | Readable,
    status: number,
    code: string,
    detail: RegExp,
    headers: Record<string, string> = {},
  ): Promise<void> {
    const res = await raw(url, 'PUT', headers, typeof body === 'string' ? Buffer.from(body) : body);
    expect(res.status, res.body.toString()).toBe(status);
    const problem = problemOf(res);
    expect(problem.code).toBe(code);
    expect(problem.detail).toMatch(detail);
    const save = () => emulator.part('snapshots').saveToBuffer({ journal: true, secrets: true });
    // Through HTTP the refused request minted its request id: everything else is as it was.
    expect(sansRequestCount(await save()), 'the state is unchanged').toBe(sansRequestCount(before));
    if (body instanceof Readable || headers['Content-Encoding'] === 'br') return;
    // Through the library nothing is minted: byte for byte.
    const exact = await save();
    await expect(emulator.part('snapshots').load(Buffer.from(body))).rejects.toMatchObject({ code, status });
    expect((await save()).equals(exact), 'the state is unchanged, byte for byte').toBe(true);
  }

  it('corrupt JSON', async () => {
    const at = valid.indexOf('"org":');
    await refused(
      `${valid.slice(0, at)}"org":{]${valid.slice(at + 7)}`,
      422,
      'invalid_state',
      /^\/orgs\/org_/,
    );
    await refused('{"format": svc}', 422, 'invalid_state', /^\/format: not valid JSON/);
  });

  it('truncated, raw or gzip', async () => {
    await refused(valid.slice(0, valid.length - 40), 422, 'invalid_state', /truncated/);
    const gz = gzipSync(valid);
    await refused(
      gz.subarray(0, gz.length - 30),
      422,
      'invalid_state',
      /gzip stream is corrupt or truncated/,
    );
  });

  it('oversized: streamed past the limit, and a gzip bomb, stop at the limit', async () => {
    const limit = emulator.part('snapshots').limits.maxBytes;
    emulator.part('snapshots').limits.maxBytes = 256 * 1024;
    try {
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const endless = new Readable({
        read() {
          // 4 MiB of whitespace offered; the load stops reading at 256 KiB.
          sent += chunk.length;
          this.push(sent > 4 * 1024 * 1024 ? null : chunk);
        },
      });
      await refused(endless, 413, 'state_too_large', /larger than 262144 bytes as received/);
      const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
      expect(bomb.length).toBeLessThan(256 * 1024);
      await refused(bomb, 413, 'state_too_large', /larger than 262144 bytes once inflated/, {
        'Content-Encoding': 'gzip',
      });
    } finally {
      emulator.part('snapshots').limits.maxBytes = limit;
    }
  });

  it('a member above its limit', async () => {
    const limit = emulator.part('snapshots').limits.maxMemberBytes;
    emulator.part('snapshots').limits.maxMemberBytes = 100;
    try {
      await refused(valid, 413, 'state_too_large', /^\/orgs\/org_\w+ is larger than 100 bytes/);
    } finally {
      emulator.part('snapshots').limits.maxMemberBytes = limit;
    }
  });

  it('a newer version, and another format', async () => {
    await refused(
      mutated((d) => (d.version = 3)),
      422,
      'unsupported_state_version',
      /^\/version: the document is version 3; this emulator loads versions 1 to 2/,
    );
    await refused(
      mutated((d) => (d.format = 'localstack-pod')),
      422,
      'invalid_state',
      /^\/format: must be/,
    );
  });

  it('deep nesting', async () => {
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    await refused(
      mutated((d) => (firstOrg(d).orgs.org.name = 'DEEP')).replace('"DEEP"', deep),
      422,
      'invalid_state',
      /^\/orgs\/org_\w+\/orgs\/org\/name(\/0)+: nested more than 64 levels deep/,
    );
  });

  it('__proto__ and constructor keys, escaped or not', async () => {
    const at = valid.indexOf('"org":{') + '"org":{'.length;
    await refused(
      `${valid.slice(0, at)}"__proto__":{"admin":true},${valid.slice(at)}`,
      422,
      'invalid_state',
      /^\/orgs\/org_\w+\/orgs\/org\/__proto__: the key '__proto__' is not allowed/,
    );
    await refused(
      `${valid.slice(0, at)}"constructo\\u0072":{"prototype":1},${valid.slice(at)}`,
      422,
      'invalid_state',
      /\/orgs\/org\/constructor: the key 'constructor' is not allowed/,
    );
  });

  it('ids of the wrong shape', async () => {
    await refused(
      mutated((d) => {
        const id = Object.keys(d.orgs as Doc)[0];
        d.orgs['organization 1'] = d.orgs[id];
        delete d.orgs[id];
      }),
      422,
      'invalid_state',
      /^\/orgs\/organization 1: is not an organization id/,
    );
  });

  it('ids of the wrong shape inside a section, and a reference to another organization', async () => {
    await refused(
      mutated((d) => (d.orgs.org_demo.orgs.keys[0].id = 'key_with spaces')),
      422,
      'invalid_state',
      /^\/orgs\/org_demo\/orgs\/keys\/0\/id: /,
    );
    await refused(
      mutated((d) => (d.orgs.org_demo.orgs.keys[0].org_id = 'org_missing')),
      422,
      'invalid_state',
      /^\/orgs\/org_demo\/orgs\/keys\/0\/org_id: /,
    );
  });

  it("an id another organization's entry has: a webhook endpoint or delivery, named where it is first", async () => {
    const doc = JSON.parse(valid) as Doc;
    const owner = Object.keys(doc.orgs as Doc).find((k) => doc.orgs[k].webhook_deliveries);
    expect(owner, 'an organization with a webhook delivery').toBeDefined();
    const other = Object.keys(doc.orgs as Doc).find((k) => k !== owner)!;
    for (const [section, list] of [
      ['webhook_endpoints', 'endpoints'],
      ['webhook_deliveries', 'deliveries'],
    ]) {
      const [a, b] = [owner!, other].sort();
      await refused(
        mutated((d) => {
          const copy = { ...d.orgs[owner!][section][list][0], org_id: other };
          d.orgs[other][section] = { [list]: [copy] };
        }),
        422,
        'invalid_state',
        new RegExp(
          `^/orgs/${b}/${section}/${list}/0/id: .* is already at /orgs/${a}/${section}/${list}/0/id`,
        ),
      );
    }
  });

  it('a negative amount where none can be', async () => {
    const id = Object.keys(JSON.parse(valid).orgs as Doc).find(
      (k) => (JSON.parse(valid) as Doc).orgs[k].billing?.balance,
    );
    expect(id, 'an organization with a balance').toBeDefined();
    await refused(
      mutated((d) => (d.orgs[id!].billing.balance.period_grant = -5)),
      422,
      'invalid_state',
      new RegExp(`^/orgs/${id}/billing/balance/period_grant: .*must be >= 0`),
    );
  });

  it('an organization entry holding another organization', async () => {
    const ids = Object.keys(JSON.parse(valid).orgs as Doc);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    await refused(
      mutated((d) => (d.orgs[ids[1]] = d.orgs[ids[0]])),
      422,
      'invalid_state',
      new RegExp(`^/orgs/${ids[1]}/orgs/org/id: must be the organization's own id`),
    );
  });

  it('extra fields, at the top and in a section, and an unknown section', async () => {
    await refused(
      mutated((d) => (d.exported_by = 'me')),
      422,
      'invalid_state',
      /^\/exported_by: /,
    );
    await refused(
      mutated((d) => (firstOrg(d).spaceship = {})),
      422,
      'invalid_state',
      /^\/orgs\/org_\w+\/spaceship: /,
    );
  });

  it('an organization document holding two organizations, or shared state', async () => {
    const doc = JSON.parse(valid) as Doc;
    const ids = Object.keys(doc.orgs as Doc);
    await refused(
      mutated((d) => (d.scope = { kind: 'organization', org_id: ids[0] })),
      422,
      'invalid_state',
      /^\/shared: must be absent from an organization document/,
    );
    await refused(
      mutated((d) => {
        d.scope = { kind: 'organization', org_id: ids[0] };
        delete d.shared;
      }),
      422,
      'invalid_state',
      new RegExp(`^/orgs/${ids[1]}: an organization document holds exactly`),
    );
  });

  it('bytes that are not UTF-8, and a document that is no object', async () => {
    const at = Buffer.from(valid).indexOf('"Snapshot Co"') + 1;
    const bytes = Buffer.from(valid);
    bytes[at] = 0xff;
    await refused(bytes, 422, 'invalid_state', /^\/orgs\/org_\w+: not valid UTF-8/);
    await refused('[]', 422, 'invalid_state', /^\/format: must be/);
    await refused('', 422, 'invalid_state', /the document is empty/);
  });

  it('a Content-Encoding other than gzip', async () => {
    await refused(valid, 400, 'unsupported_content_type', /Content-Encoding br is not accepted/, {
      'Content-Encoding': 'br',
    });
  });
});

/**
 * GET and PUT /_emulator/state through HTTP (issue 25): a whole state and one organization's (by org or by
 * sandbox) go into a fresh emulator and come out as the same bytes, raw or gzip both ways; unknown scopes and
 * bad parameters are refused; in memory and over Redis.
 */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { bearer } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { createSandbox } from '../sandboxes/helpers.js';
import { buildState, documentOf, problemOf, raw, sansRequestCount } from './helpers.js';

const T0 = Date.parse('2031-03-01T10:00:00Z');
const IDENTITY = { 'Accept-Encoding': 'identity' };

describe.each(['memory', 'redis'] as const)('GET/PUT /_emulator/state (%s store)', (kind) => {
  // Two servers: pub/sub channels span a server's databases, so a reset on one database would reach the other.
  let redis: TestRedis | undefined;
  let redis2: TestRedis | undefined;
  let source: Emulator;
  let target: Emulator;
  let sourceUrl: string;
  let targetUrl: string;
  let built: { orgId: string; key: string };

  const start = (server: TestRedis | undefined, seed: string) =>
    createEmulator(
      {
        seed,
        logLevel: 'silent',
        demoCorpus: false,
        ...(server ? { store: server.url } : {}),
      },
      { clock: new Clock({ mode: 'frozen', startAt: T0 }) },
    );

  beforeAll(async () => {
    if (kind === 'redis') [redis, redis2] = await Promise.all([startRedis(), startRedis()]);
    source = await start(redis, 'state-source');
    // Another seed: nothing it holds is what the source holds until a load puts it there.
    target = await start(redis2, 'state-target');
    sourceUrl = `${(await source.listen(0, '127.0.0.1')).adminUrl}/state`;
    targetUrl = `${(await target.listen(0, '127.0.0.1')).adminUrl}/state`;
    built = await buildState(source);
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
    await redis?.stop();
    await redis2?.stop();
  });

  it('the whole state: GET, PUT into a fresh emulator, GET gives the same bytes; reads answer as before', async () => {
    const got = await raw(sourceUrl, 'GET', IDENTITY);
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    expect(got.headers['content-disposition']).toBe('attachment; filename="svc-emulator-state.json"');
    expect(got.headers['content-encoding']).toBeUndefined();
    const doc = documentOf(got);
    const parsed = JSON.parse(doc.toString()) as Record<string, any>;
    expect(parsed).toMatchObject({ format: 'svc-emulator-state', version: 2, scope: { kind: 'emulator' } });
    expect(parsed.includes).toEqual([]);
    expect(Object.keys(parsed.orgs as object)).toContain(built.orgId);
    // Canonical: the same state exports to the same bytes.
    expect(sansRequestCount(documentOf(await raw(sourceUrl, 'GET', IDENTITY)))).toBe(sansRequestCount(doc));

    const put = await raw(targetUrl, 'PUT', { 'Content-Type': 'application/json' }, doc);
    expect(put.status, put.body.toString()).toBe(200);
    expect(JSON.parse(put.body.toString())).toEqual({
      scope: { kind: 'emulator' },
      org_ids: Object.keys(parsed.orgs as object).sort(),
      includes: [],
    });
    expect(sansRequestCount(documentOf(await raw(targetUrl, 'GET', IDENTITY)))).toBe(sansRequestCount(doc));
    // The key made on the source authenticates on the target, and reads answer as on the source.
    const read = (on: Emulator) =>
      request(on.app).get('/v1/rag/documents').set('Authorization', bearer(built.key));
    const [there, here] = [await read(source), await read(target)];
    expect(here.status, here.text).not.toBe(401);
    expect([here.status, (here.body as { code?: string }).code]).toEqual([
      there.status,
      (there.body as { code?: string }).code,
    ]);
    const billing = (on: Emulator) => request(on.app).get(`/_emulator/orgs/${built.orgId}/billing`);
    expect((await billing(target)).body).toEqual((await billing(source)).body);
  });

  it('gzip both ways: GET gzip when accepted, PUT a gzip body (with or without Content-Encoding)', async () => {
    const plain = documentOf(await raw(sourceUrl, 'GET', IDENTITY));
    const zipped = await raw(sourceUrl, 'GET', { 'Accept-Encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(sansRequestCount(documentOf(zipped))).toBe(sansRequestCount(plain));
    for (const headers of [{ 'Content-Encoding': 'gzip' }, {}] as Record<string, string>[]) {
      const put = await raw(targetUrl, 'PUT', headers, gzipSync(plain));
      expect(put.status, put.body.toString()).toBe(200);
      expect(sansRequestCount(documentOf(await raw(targetUrl, 'GET', IDENTITY)))).toBe(
        sansRequestCount(plain),
      );
    }
  });

  it('organizations past the bytes kept parsed are read again from the file: the same state', async () => {
    const plain = documentOf(await raw(sourceUrl, 'GET', IDENTITY));
    const orgs = Object.keys((JSON.parse(plain.toString()) as { orgs: object }).orgs);
    expect(orgs.length).toBeGreaterThan(1);
    const limit = target.part('snapshots').limits.keepParsedBytes;
    // The first organization fits, the others do not.
    target.part('snapshots').limits.keepParsedBytes =
      plain.indexOf(`\n"${orgs[1]}"`) - plain.indexOf(`\n"${orgs[0]}"`);
    try {
      const put = await raw(targetUrl, 'PUT', {}, plain);
      expect(put.status, put.body.toString()).toBe(200);
    } finally {
      target.part('snapshots').limits.keepParsedBytes = limit;
    }
    expect(sansRequestCount(documentOf(await raw(targetUrl, 'GET', IDENTITY)))).toBe(sansRequestCount(plain));
  });

  it('a body streamed in small pieces loads the same', async () => {
    const plain = documentOf(await raw(sourceUrl, 'GET', IDENTITY));
    const pieces = Array.from({ length: Math.ceil(plain.length / 97) }, (_, i) =>
      plain.subarray(i * 97, (i + 1) * 97),
    );
    const put = await raw(targetUrl, 'PUT', {}, Readable.from(pieces));
    expect(put.status, put.body.toString()).toBe(200);
    expect(sansRequestCount(documentOf(await raw(targetUrl, 'GET', IDENTITY)))).toBe(sansRequestCount(plain));
  });

  it("one organization's state: added to another emulator, nothing else touched", async () => {
    const one = documentOf(await raw(`${sourceUrl}?org=${built.orgId}`, 'GET', IDENTITY));
    const parsed = JSON.parse(one.toString()) as Record<string, any>;
    expect(parsed.scope).toEqual({ kind: 'organization', org_id: built.orgId });
    expect(Object.keys(parsed.orgs as object)).toEqual([built.orgId]);
    expect(parsed.shared).toBeUndefined();
    await target.reset();
    const beforeDemo = documentOf(await raw(`${targetUrl}?org=org_demo`, 'GET', IDENTITY));
    const put = await raw(targetUrl, 'PUT', {}, one);
    expect(put.status, put.body.toString()).toBe(200);
    expect(JSON.parse(put.body.toString())).toEqual({
      scope: { kind: 'organization', org_id: built.orgId },
      org_ids: [built.orgId],
      includes: [],
    });
    expect(sansRequestCount(documentOf(await raw(`${targetUrl}?org=${built.orgId}`, 'GET', IDENTITY)))).toBe(
      sansRequestCount(one),
    );
    expect(sansRequestCount(documentOf(await raw(`${targetUrl}?org=org_demo`, 'GET', IDENTITY)))).toBe(
      sansRequestCount(beforeDemo),
    );
  });

  it("a sandbox's organization: the scope names both; it loads into another emulator", async () => {
    const sandbox = await createSandbox(source.app, { credits: 7 });
    const bySandbox = documentOf(await raw(`${sourceUrl}?sandbox=${sandbox.id}`, 'GET', IDENTITY));
    const byOrg = documentOf(await raw(`${sourceUrl}?org=${sandbox.org_id}`, 'GET', IDENTITY));
    expect(byOrg.equals(bySandbox), 'an organization document holds no request count').toBe(true);
    expect((JSON.parse(bySandbox.toString()) as { scope: unknown }).scope).toEqual({
      kind: 'organization',
      org_id: sandbox.org_id,
      sandbox_id: sandbox.id,
    });
    const put = await raw(targetUrl, 'PUT', {}, bySandbox);
    expect(put.status, put.body.toString()).toBe(200);
    expect(
      sansRequestCount(documentOf(await raw(`${targetUrl}?sandbox=${sandbox.id}`, 'GET', IDENTITY))),
    ).toBe(sansRequestCount(bySandbox));
  });

  it('includes: journal and secrets only when asked, listed sorted', async () => {
    const both = JSON.parse(
      documentOf(await raw(`${sourceUrl}?include=secrets,journal`, 'GET', IDENTITY)).toString(),
    ) as { includes: string[]; orgs: Record<string, Record<string, unknown>> };
    expect(both.includes).toEqual(['journal', 'secrets']);
    const none = JSON.parse(documentOf(await raw(sourceUrl, 'GET', IDENTITY)).toString()) as typeof both;
    for (const org of Object.values(none.orgs)) expect(org.journal).toBeUndefined();
    expect(both.orgs[built.orgId].journal, 'the /v1 call made by buildState is journaled').toBeDefined();
  });

  it('unknown organization or sandbox: 404; a bad include or both names disagreeing: 422', async () => {
    expectProblem(await request(source.app).get('/_emulator/state?org=org_nobody'), 404, 'not_found');
    expectProblem(await request(source.app).get('/_emulator/state?sandbox=sbx_nobody'), 404, 'not_found');
    expectProblem(await request(source.app).get('/_emulator/state?include=keys'), 422, 'validation_failed');
    const sandbox = await createSandbox(source.app);
    const both = await request(source.app).get(`/_emulator/state?sandbox=${sandbox.id}&org=${built.orgId}`);
    expect(expectProblem(both, 422, 'validation_failed').detail).toMatch(/name different organizations/);
  });

  it("emulator.part('snapshots'): save streams the bytes GET sends; load takes a Buffer and answers the LoadResult", async () => {
    const viaHttp = documentOf(await raw(sourceUrl, 'GET', IDENTITY));
    const buffer = await source.part('snapshots').saveToBuffer();
    expect(sansRequestCount(buffer)).toBe(sansRequestCount(viaHttp));
    expect(await target.part('snapshots').load(gzipSync(buffer))).toMatchObject({
      scope: { kind: 'emulator' },
    });
    expect((await target.part('snapshots').saveToBuffer()).equals(buffer)).toBe(true);
    const err = await source
      .part('snapshots')
      .saveToBuffer({ org: 'org_nobody' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'not_found', status: 404 });
    const bad = await target
      .part('snapshots')
      .load(Buffer.from('{'))
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'invalid_state', status: 422 });
  });

  it('a load while one runs is refused with 409, and the first one completes', async () => {
    const doc = await source.part('snapshots').saveToBuffer();
    const body = new Readable({ read() {} });
    const first = target.part('snapshots').load(body);
    const second = await raw(targetUrl, 'PUT', {}, doc);
    expect(second.status).toBe(409);
    expect(problemOf(second).code).toBe('load_in_progress');
    body.push(doc);
    body.push(null);
    expect((await first).scope).toEqual({ kind: 'emulator' });
  });
});

/**
 * The drift report, from recordings made through the proxy: `svc-emulator drift` (the built CLI, as CI runs
 * it) and `POST /_emulator/drift`. A faithful upstream gives an empty report and exit 0; an upstream made to
 * differ (an extra field, an injected 429) gives drift, exit 1, and failing JUnit test cases.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav, float32ToS16le } from '../../src/audio/index.js';
import { runCli } from '../support/cli.js';
import { TEXT_AR, VOICES, speech } from '../stt/support.js';
import { recordTraffic, startPair, type Pair } from './support.js';

const pcm = speech(TEXT_AR, 16000, VOICES.noura);
const traffic = { wav: encodeWav(pcm, 16000), pcm: float32ToS16le(pcm) };
let faithful: Pair;
let drifting: Pair;
let out: string;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'svc-drift-'));
  [faithful, drifting] = await Promise.all([startPair(), startPair()]);
  await recordTraffic(faithful, { differ: false, ...traffic });
  await recordTraffic(drifting, { differ: true, ...traffic });
  // Nothing needs the upstreams any more: drift talks to an emulator of its own.
  await Promise.all([faithful.upstream.close(), drifting.upstream.close()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([faithful.close(), drifting.close()]);
  rmSync(out, { recursive: true, force: true });
});

async function drift(dir: string, name: string) {
  const json = join(out, `${name}.json`);
  const junit = join(out, `${name}.xml`);
  const run = runCli(['drift', '--recordings', dir, '--json', json, '--junit', junit]);
  const { code } = await run.exited;
  return {
    code,
    stdout: run.stdout.join('\n'),
    stderr: run.stderr.join('\n'),
    report: JSON.parse(readFileSync(json, 'utf8')),
    junit: readFileSync(junit, 'utf8'),
  };
}

describe('svc-emulator drift', () => {
  it('exits 0 with every exchange passing when the recording matches the emulator (HTTP, upload and WebSocket)', async () => {
    const { code, report, stdout, stderr } = await drift(faithful.dir, 'faithful');
    expect(stderr).toBe('');
    expect(report.exchanges.filter((c: any) => c.result !== 'pass')).toEqual([]);
    expect(report.summary).toEqual({ exchanges: 5, passed: 5, drifted: 0, errors: 0 });
    expect(report.exchanges.map((c: any) => c.kind)).toContain('websocket');
    expect(stdout).toMatch(/5 exchange\(s\): 5 passed, 0 drifted, 0 error\(s\)/);
    expect(code).toBe(0);
  }, 120_000);

  it('exits 1 and names each difference when the upstream differs, in the table, the JSON and the JUnit', async () => {
    const { code, report, stdout, junit } = await drift(drifting.dir, 'drifting');
    expect(code).toBe(1);
    const byPath = (p: string) => report.exchanges.filter((c: any) => c.path === p);
    expect(byPath('/v1/rag/search')[0]).toMatchObject({
      result: 'drift',
      differences: expect.arrayContaining([
        { aspect: 'fields', path: '/results/0/highlight', recorded: 'string', emulator: 'missing' },
      ]),
    });
    const limited = byPath('/v1/tts')[1];
    expect(limited.result).toBe('drift');
    expect(limited.differences).toEqual(
      expect.arrayContaining([
        { aspect: 'status', recorded: 429, emulator: 200 },
        { aspect: 'code', recorded: 'rate_limited', emulator: null },
        { aspect: 'content_type', recorded: 'application/problem+json', emulator: 'audio/mpeg' },
      ]),
    );
    expect(report.summary).toMatchObject({ exchanges: 6, drifted: 2, errors: 0 });
    expect(stdout).toMatch(/DRIFT .*fields \/results\/0\/highlight: recorded string, emulator missing/);
    expect(junit.match(/<testcase /g)).toHaveLength(6);
    expect(junit.match(/<failure /g)).toHaveLength(2);
  }, 120_000);

  it('exits 2 on a recordings folder that does not exist', async () => {
    const run = runCli(['drift', '--recordings', join(out, 'missing')]);
    expect((await run.exited).code).toBe(2);
    expect(run.stderr.join('\n')).toMatch(/--recordings must name a folder/);
  });
});

describe('POST /_emulator/drift', () => {
  it('gives the same report as the CLI, as JSON or JUnit', async () => {
    const admin = faithful.proxy.adminUrl;
    const res = await fetch(`${admin}/drift`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ recordings: drifting.dir }),
    });
    expect(res.status).toBe(200);
    const report = (await res.json()) as any;
    expect(report.summary).toMatchObject({ exchanges: 6, drifted: 2 });
    const xml = await fetch(`${admin}/drift?format=junit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ recordings: faithful.dir, duration_tolerance_seconds: 0.2 }),
    });
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await xml.text()).toMatch(/tests="5" failures="0" errors="0"/);
  }, 120_000);

  it('refuses a folder that does not exist with 422 naming the field', async () => {
    const res = await fetch(`${faithful.proxy.adminUrl}/drift`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ recordings: join(out, 'nope') }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/^recordings must be a folder/);
  });
});

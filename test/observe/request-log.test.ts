/**
 * The request log of the CLI, as CI log processors read it: readiness line first, then one JSON line per
 * request, WebSocket session, webhook attempt and job transition, with stable field names; no credential
 * (API key, ws-token, admin token, webhook secret) ever in full.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killAll, runCli } from '../support/cli.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { closed, openWs } from '../support/ws.js';
import { encodeWav } from '../../src/audio/encode.js';

afterEach(killAll);

const READY = /^svc-emulator ready at (http:\/\/\S+)\/v1 /;
const ADMIN_TOKEN = 'admin-token-for-the-request-log-test';

/** A 16 kHz mono WAV of `seconds` of silence (the emulator's own WAV encoder; no binary committed). */
function wav(seconds: number): Buffer {
  return encodeWav(new Float32Array(Math.round(seconds * 16000)), 16000);
}

/** A credential leaks when it appears whole, or when the part its display form hides appears. */
function leaks(line: string, secret: string): boolean {
  const hidden = secret.slice(secret.indexOf('_', 4) + 1, -4);
  return line.includes(secret) || (hidden.length >= 8 && line.includes(hidden));
}

let receiver: Receiver | undefined;
afterAll(async () => receiver?.close());

describe('the request log (--log-format json)', () => {
  it('prints one parseable line per request, session, webhook attempt and job, and no secret in full', async () => {
    receiver = await startReceiver();
    const dir = mkdtempSync(join(tmpdir(), 'svc-log-'));
    const config = join(dir, 'config.json');
    // Audio over 1 s becomes a 202 job, so the run has a job transition.
    writeFileSync(config, JSON.stringify({ stt: { syncMaxSeconds: 1 } }));
    const run = runCli(
      [
        '--port',
        '0',
        '--log-level',
        'debug',
        '--seed',
        'request-log',
        '--config',
        config,
        '--time-scale',
        '0.01',
      ],
      {
        SVC_EMULATOR_LOG_FORMAT: 'json',
        SVC_EMULATOR_ADMIN_TOKEN: ADMIN_TOKEN,
      },
    );
    const base = READY.exec(await run.line(READY))![1];
    const demoLive = (await run.line(/^demo live key: /)).split(': ')[1];
    const admin = { 'X-Admin-Token': ADMIN_TOKEN, 'Content-Type': 'application/json' };
    const json = { 'Content-Type': 'application/json' };

    const made = (await (
      await fetch(`${base}/_emulator/orgs/org_demo/keys`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ environment: 'live', scopes: ['tts:speak', 'stt:transcribe', 'rag:query'] }),
      })
    ).json()) as { key: string; id: string };
    const endpoint = (await (
      await fetch(`${base}/_emulator/orgs/org_demo/webhook-endpoints`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ url: receiver.url, events: ['ping', 'job.completed'] }),
      })
    ).json()) as { secret: string };
    expect(endpoint.secret).toMatch(/^whsec_/);
    await receiver.next(); // the registration ping

    const auth = (key: string) => ({ ...json, Authorization: `Bearer ${key}` });
    const tts = await fetch(`${base}/v1/tts`, {
      method: 'POST',
      headers: auth(made.key),
      body: JSON.stringify({ text: 'مرحبا', voice: 'ar-SA-noura' }),
    });
    expect(tts.status).toBe(200);
    await tts.arrayBuffer();
    const typo = await fetch(`${base}/v1/tts`, {
      method: 'POST',
      headers: auth(demoLive),
      body: JSON.stringify({ txt: made.key }),
    });
    expect(typo.status).toBe(422);
    const unknownKey = `${made.key.slice(0, -6)}AAAAAA`;
    expect(
      (
        await fetch(`${base}/v1/rag/search`, {
          method: 'POST',
          headers: auth(unknownKey),
          body: '{"query":"VPN"}',
        })
      ).status,
    ).toBe(401);
    const fault = (await (
      await fetch(`${base}/_emulator/faults`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          kind: 'error',
          status: 502,
          code: 'upstream_error',
          match: { operation: 'tts.speak' },
          times: 1,
        }),
      })
    ).json()) as { id: string };
    const faulted = await fetch(`${base}/v1/tts`, {
      method: 'POST',
      headers: auth(made.key),
      body: JSON.stringify({ text: 'مرحبا', voice: 'ar-SA-noura' }),
    });
    expect(faulted.status).toBe(502);
    const minted = (await (
      await fetch(`${base}/v1/auth/ws-token`, {
        method: 'POST',
        headers: auth(made.key),
        body: JSON.stringify({ scopes: ['tts:speak'] }),
      })
    ).json()) as { token: string };
    expect(minted.token).toMatch(/^wst_/);
    const ws = await openWs(`${base.replace('http', 'ws')}/v1/tts/realtime`, [minted.token]);
    const wsClosed = closed(ws);
    ws.close(1000, 'done');
    await wsClosed;
    await run.line(/"event":"ws_close"/);
    const form = new FormData();
    form.append('file', new Blob([wav(2)], { type: 'audio/wav' }), 'long.wav');
    const job = await fetch(`${base}/v1/stt/transcriptions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${made.key}` },
      body: form,
    });
    expect(job.status).toBe(202);
    await receiver.next(); // job.completed
    await run.line(/"event":"webhook_attempt".*"webhook_event":"job.completed"/);

    run.child.kill('SIGTERM');
    expect((await run.exited).code).toBe(0);

    // The readiness line stays first and intact.
    expect(run.stdout[0]).toMatch(READY);
    const records = run.stdout
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, any>);
    for (const r of records) {
      expect(Object.keys(r).slice(0, 3)).toEqual(['time', 'level', 'event']);
      expect(Number.isNaN(Date.parse(r.time))).toBe(false);
    }
    const requests = records.filter((r) => r.event === 'request');
    const ttsLine = requests.find((r) => r.path === '/v1/tts' && r.status === 200)!;
    expect(ttsLine).toMatchObject({
      level: 'info',
      api: 'v1',
      method: 'POST',
      operation_id: 'tts.speak',
      org_id: 'org_demo',
      key: `svc_live_…${made.key.slice(-4)}`,
      key_id: made.id,
    });
    expect(ttsLine.duration_ms).toEqual(expect.any(Number));
    expect(ttsLine.response_body).toMatchObject({ type: 'audio/mpeg' });
    expect(ttsLine.request_headers.authorization).toBe(`Bearer svc_live_…${made.key.slice(-4)}`);
    expect(requests.find((r) => r.status === 422)).toMatchObject({ code: 'validation_failed' });
    expect(requests.find((r) => r.status === 401)).toMatchObject({
      code: 'malformed_api_key',
      path: '/v1/rag/search',
    });
    expect(requests.find((r) => r.status === 502)).toMatchObject({
      level: 'warn',
      code: 'upstream_error',
      fault_rule: fault.id,
    });
    const adminLine = requests.find((r) => r.api === 'admin' && r.path === '/_emulator/faults')!;
    expect(adminLine).toMatchObject({ method: 'POST', status: 201 });
    expect(adminLine.request_headers['x-admin-token']).toBe('[admin token]');
    expect(records.find((r) => r.event === 'ws_open')).toMatchObject({
      path: '/v1/tts/realtime',
      status: 101,
      org_id: 'org_demo',
    });
    expect(records.find((r) => r.event === 'ws_close')).toMatchObject({
      path: '/v1/tts/realtime',
      close_code: 1000,
    });
    expect(records.find((r) => r.event === 'webhook_attempt' && r.webhook_event === 'ping')).toMatchObject({
      status: 200,
      attempt: 1,
      delivery_status: 'delivered',
    });
    expect(records.find((r) => r.event === 'job')).toMatchObject({
      job_status: 'completed',
      webhook_event: 'job.completed',
      request_id: job.headers.get('x-request-id'),
    });

    // No credential in full anywhere but the banner's demo keys (which the user asked for).
    const output = [...run.stdout, ...run.stderr];
    const afterBanner = output.filter((l) => !/^demo (live|test) key: /.test(l));
    for (const secret of [made.key, minted.token, endpoint.secret, unknownKey, demoLive]) {
      expect(
        afterBanner.filter((l) => leaks(l, secret)),
        secret,
      ).toEqual([]);
    }
    expect(output.filter((l) => l.includes(ADMIN_TOKEN))).toEqual([]);
  });

  it('prints text lines by default and honours the level: info has one line per request, warn only failures', async () => {
    const info = runCli(['--port', '0', '--seed', 'request-log-text']);
    const base = READY.exec(await info.line(READY))![1];
    const key = (await info.line(/^demo test key: /)).split(': ')[1];
    await (
      await fetch(`${base}/v1/tts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: '{"text":"hi","voice":"ar-SA-noura"}',
      })
    ).arrayBuffer();
    const line = await info.line(/ request POST \/v1\/tts /);
    expect(line).toMatch(
      /^\S+Z INFO {2}request POST \/v1\/tts 200 \d+ms api=v1 request_id=req_\w+ operation_id=tts.speak org_id=org_demo key=svc_test_…\w{4} key_id=\S+$/,
    );

    const warn = runCli(['--port', '0', '--seed', 'request-log-warn', '--log-level', 'warn']);
    const warnBase = READY.exec(await warn.line(READY))![1];
    await (
      await fetch(`${warnBase}/_emulator/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          kind: 'error',
          status: 500,
          code: 'internal_error',
          match: { path: '/v1/rag/*' },
        }),
      })
    ).text();
    const demo = (await warn.line(/^demo test key: /)).split(': ')[1];
    await (
      await fetch(`${warnBase}/v1/rag/search`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${demo}`, 'Content-Type': 'application/json' },
        body: '{"query":"VPN"}',
      })
    ).text();
    await warn.line(/WARN {2}request POST \/v1\/rag\/search 500 /);
    warn.child.kill('SIGTERM');
    await warn.exited;
    expect(warn.stdout.filter((l) => / request /.test(l))).toHaveLength(1);
  });
});

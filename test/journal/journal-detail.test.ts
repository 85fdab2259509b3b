/**
 * Journal detail through HTTP: what a user opening one entry sees (request, response, audio summary,
 * fault, ledger entries, webhook events), the new filters, and the byte bound.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/app/library.js';
import { bearer, buildEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { closed, openWs } from '../support/ws.js';
import { encodeWav } from '../../src/audio/encode.js';

const TEXT = 'مرحبا بكم في خدمتنا';

/** A 16 kHz mono WAV of `seconds` of silence (the emulator's own WAV encoder; no binary committed). */
function wav(seconds: number): Buffer {
  return encodeWav(new Float32Array(Math.round(seconds * 16000)), 16000);
}

async function entry(app: Parameters<typeof request>[0], id: string) {
  const res = await request(app).get(`/_emulator/requests/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('journal detail', () => {
  it('records the request, the audio response, timings and the ledger entry, with the key in display form only', async () => {
    const { app, keys } = await buildEmulator();
    const res = await request(app)
      .post('/v1/tts?trace=1')
      .set('Authorization', bearer(keys.live))
      .set('Accept', 'audio/wav')
      .send({ text: TEXT, voice: 'ar-SA-noura' });
    expect(res.status).toBe(200);
    const e = await entry(app, res.headers['x-request-id']);
    expect(e.request.headers.authorization).toBe(`Bearer svc_live_…${keys.live.slice(-4)}`);
    expect(JSON.stringify(e)).not.toContain(keys.live);
    expect(e.request.query).toEqual({ trace: '1' });
    expect(e.request.body).toEqual({ text: TEXT, voice: 'ar-SA-noura' });
    expect(e.response.headers['content-type']).toMatch(/^audio\/wav/);
    expect(e.response.audio.bytes).toBe(res.body.length);
    const sent = res.body as Buffer;
    expect(e.response.audio.duration_seconds).toBeCloseTo(sent.readUInt32LE(40) / sent.readUInt32LE(28), 2);
    expect(e.timings.received_wall_ms).toBe(e.wall_ms);
    expect(e.timings.total_ms).toBeGreaterThanOrEqual(e.timings.handler_ms);
    expect(e.ledger_entry_ids).toHaveLength(1);
    const usage = await request(app).get('/_emulator/orgs/org_demo/usage');
    expect(JSON.stringify(usage.body)).toContain(e.ledger_entry_ids[0]);
  });

  it('records problem bodies and the unknown-field hint, and filters by status class', async () => {
    const { app, keys } = await buildEmulator();
    const bad = await request(app)
      .post('/v1/tts')
      .set('Authorization', bearer(keys.test))
      .send({ txt: 'hi', voice: 'ar-SA-noura' });
    expect(expectProblem(bad, 422, 'validation_failed').detail).toContain(
      'unknown field `txt`; did you mean `text`?',
    );
    await request(app)
      .post('/v1/tts')
      .set('Authorization', bearer(keys.test))
      .send({ text: 'hi', voice: 'ar-SA-noura' })
      .expect(200);
    const e = await entry(app, bad.headers['x-request-id']);
    expect(e.response.body).toMatchObject({ code: 'validation_failed', status: 422 });
    expect(e.response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const fours = await request(app).get('/_emulator/requests?status=4xx');
    expect(fours.body.requests.map((r: { request_id: string }) => r.request_id)).toEqual([
      bad.headers['x-request-id'],
    ]);
    const twos = await request(app).get('/_emulator/requests?status=2xx');
    expect(twos.body.requests.map((r: { status: number }) => r.status)).toEqual([200]);
    const exact = await request(app).get('/_emulator/requests?status=422');
    expect(exact.body.requests).toHaveLength(1);
    expectProblem(await request(app).get('/_emulator/requests?status=4x'), 422, 'validation_failed');
  });

  it('summarises a multipart upload: fields, file name, type, size and SHA-256', async () => {
    const { app, keys } = await buildEmulator();
    const audio = wav(0.5);
    const res = await request(app)
      .post('/v1/stt/transcriptions')
      .set('Authorization', bearer(keys.test))
      .field('language', 'ar')
      .attach('file', audio, { filename: 'hello.wav', contentType: 'audio/wav' });
    const e = await entry(app, res.headers['x-request-id']);
    expect(e.request.body).toBeNull();
    expect(e.request.multipart.fields).toEqual({ language: 'ar' });
    expect(e.request.multipart.files).toEqual([
      {
        field: 'file',
        name: 'hello.wav',
        type: 'audio/wav',
        size: audio.length,
        sha256: createHash('sha256').update(audio).digest('hex'),
      },
    ]);
  });

  it('hashes a large upload as it arrives, with or without a Content-Length, and decodes all of it', async () => {
    const emu = await startEmulator({ port: 0, seed: 'large-upload' });
    try {
      // 6 s of a 440 Hz tone: larger than the size at which the upload gets a buffer of its own.
      const audio = encodeWav(
        Float32Array.from({ length: 6 * 16000 }, (_, n) => 0.25 * Math.sin((2 * Math.PI * 440 * n) / 16000)),
        16000,
      );
      const sha256 = createHash('sha256').update(audio).digest('hex');
      const form = new FormData();
      form.append('file', new Blob([audio], { type: 'audio/wav' }), 'tone.wav');
      const sized = new Request(`${emu.baseUrl}/stt/transcriptions`, {
        method: 'POST',
        headers: { Authorization: bearer(emu.keys.test) },
        body: form,
      });
      const body = new Uint8Array(await sized.arrayBuffer());
      const headers = {
        Authorization: bearer(emu.keys.test),
        'Content-Type': sized.headers.get('content-type')!,
      };
      // The same multipart body twice: once with its length, once chunked (a stream body has no length).
      const withLength = await fetch(`${emu.baseUrl}/stt/transcriptions`, { method: 'POST', headers, body });
      const chunked = await fetch(`${emu.baseUrl}/stt/transcriptions`, {
        method: 'POST',
        headers,
        body: new ReadableStream({
          start(c) {
            for (let i = 0; i < body.length; i += 10_000) c.enqueue(body.subarray(i, i + 10_000));
            c.close();
          },
        }),
        duplex: 'half',
      });
      for (const res of [withLength, chunked]) {
        expect(res.status).toBe(200);
        const result = (await res.json()) as { duration_seconds: number };
        expect(result.duration_seconds).toBe(6);
        const e = (await (
          await fetch(`${emu.adminUrl}/requests/${res.headers.get('x-request-id')}`)
        ).json()) as { request: { multipart: { files: unknown[] } } };
        expect(e.request.multipart.files).toEqual([
          { field: 'file', name: 'tone.wav', type: 'audio/wav', size: audio.length, sha256 },
        ]);
      }
    } finally {
      await emu.close();
    }
  });

  it('names the fault rule, filters by it, by a path glob, by operation and by key', async () => {
    const { app, keys, keyIds } = await buildEmulator();
    const rule = await request(app)
      .post('/_emulator/faults')
      .send({
        kind: 'error',
        status: 502,
        code: 'upstream_error',
        match: { operation: 'rag.search' },
        times: 1,
      });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const search = await request(app)
      .post('/v1/rag/search')
      .set('Authorization', bearer(keys.live))
      .send({ query: 'إجازة' });
    expect(search.status).toBe(502);
    await request(app)
      .post('/v1/tts')
      .set('Authorization', bearer(keys.test))
      .send({ text: 'hi', voice: 'ar-SA-noura' })
      .expect(200);
    const e = await entry(app, search.headers['x-request-id']);
    expect(e.fault.rule_id).toBe(rule.body.id);
    const ids = async (query: string) =>
      (await request(app).get(`/_emulator/requests?${query}`)).body.requests.map(
        (r: { request_id: string }) => r.request_id,
      );
    expect(await ids(`fault_rule=${rule.body.id}`)).toEqual([search.headers['x-request-id']]);
    expect(await ids('path=/v1/rag/*')).toEqual([search.headers['x-request-id']]);
    expect(await ids('path=/v1/r*')).toEqual([search.headers['x-request-id']]);
    expect(await ids('operation_id=rag.search')).toEqual([search.headers['x-request-id']]);
    expect(await ids(`key_id=${keyIds.live}`)).toEqual([search.headers['x-request-id']]);
    expect(await ids('status=5xx')).toEqual([search.headers['x-request-id']]);
  });

  it('links the webhook events a request caused', async () => {
    const { app, keys } = await buildEmulator({ testQuotas: { tts: 20 } });
    const res = await request(app)
      .post('/v1/tts')
      .set('Authorization', bearer(keys.test))
      .send({ text: 'abcdefghijklmn', voice: 'ar-SA-noura' });
    expect(res.status).toBe(200);
    const e = await entry(app, res.headers['x-request-id']);
    expect(e.webhook_event_ids.length).toBeGreaterThan(0);
    const events = await request(app).get('/_emulator/webhooks/deliveries');
    expect(events.status).toBe(200);
  });

  it('records a WebSocket session with its open and close, and the ws-token subprotocol in display form', async () => {
    const emu = await startEmulator({ port: 0, seed: 'journal-ws', logLevel: 'silent' });
    try {
      const minted = await fetch(`${emu.baseUrl}/auth/ws-token`, {
        method: 'POST',
        headers: { Authorization: bearer(emu.keys.test), 'Content-Type': 'application/json' },
        body: JSON.stringify({ scopes: ['tts:speak'] }),
      });
      const { token } = (await minted.json()) as { token: string };
      const ws = await openWs(`${emu.baseUrl.replace('http', 'ws')}/tts/realtime`, [token]);
      const done = closed(ws);
      ws.close(1000, 'bye');
      await done;
      const session = await emu.admin.requests.waitFor({ operation_id: 'tts.realtime' });
      const e = await emu.admin.requests.get(session.request_id);
      expect(e.request.headers['sec-websocket-protocol']).toBe(`wst_…${token.slice(-4)}`);
      expect(JSON.stringify(e)).not.toContain(token);
      expect(e.websocket).toMatchObject({ close_code: 1000, close_reason: 'bye' });
      expect(e.websocket!.closed_at!).toBeGreaterThanOrEqual(e.websocket!.opened_at!);
    } finally {
      await emu.close();
    }
  });

  it('answers 404 for a request id it does not hold', async () => {
    const { app } = await buildEmulator();
    expectProblem(await request(app).get('/_emulator/requests/req_nope'), 404, 'not_found');
  });

  it('is bounded by bytes as well as entries, keeping the newest', async () => {
    const { app, keys, emulator } = await buildEmulator({ journalMaxMb: 0.005 });
    let last = '';
    for (let i = 0; i < 8; i++) {
      const res = await request(app)
        .post('/v1/tts')
        .set('Authorization', bearer(keys.test))
        .send({ text: 'x'.repeat(100), voice: 'ar-SA-noura' });
      last = res.headers['x-request-id'];
    }
    const { requests } = (await request(app).get('/_emulator/requests')).body;
    expect(requests.length).toBeLessThan(8);
    expect(requests.at(-1).request_id).toBe(last);
    expect((await emulator.part('journal').usage()).bytes).toBeLessThanOrEqual(0.005 * 1024 * 1024);
  });
});

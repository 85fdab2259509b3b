/* global fetch, FormData, Blob, Buffer */
// Runs with `node --test` inside a fresh project where the packed tarball is installed: what an integrator's
// own test file does with the library.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test } from 'node:test';
import { startEmulator, verifyWebhookSignature, SIGNATURE_HEADER } from 'svc-emulator';

test('start, one call per area: ws-token, TTS → STT round trip, a search, a fault, a signed webhook, close', async () => {
  const emu = await startEmulator({ port: 0, seed: 'consumer-smoke', logLevel: 'silent' });
  try {
    const auth = { Authorization: `Bearer ${emu.keys.live}` };
    const token = await fetch(`${emu.baseUrl}/auth/ws-token`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['tts:speak'] }),
    });
    assert.equal(token.status, 201);
    assert.equal(typeof (await token.json()).token, 'string');
    // The demo corpus, shipped in the package (fixtures/rag and its index in dist/).
    const search = await fetch(`${emu.baseUrl}/rag/search`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'كم يوم إجازة سنوية', mode: 'retrieve' }),
    });
    assert.equal(search.status, 200);
    assert.ok((await search.json()).results.length > 0);
    const text = 'مرحبا بكم في الاختبار';
    const tts = await fetch(`${emu.baseUrl}/tts`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', Accept: 'audio/wav' },
      body: JSON.stringify({ text, voice: 'ar-SA-noura' }),
    });
    assert.equal(tts.status, 200);
    const audio = new Uint8Array(await tts.arrayBuffer());
    const form = new FormData();
    form.append('file', new Blob([audio], { type: 'audio/wav' }), 'clip.wav');
    const stt = await fetch(`${emu.baseUrl}/stt/transcriptions`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    assert.equal(stt.status, 200);
    assert.equal((await stt.json()).text, text);

    await emu.admin.faults.add({
      kind: 'error',
      status: 502,
      code: 'upstream_error',
      times: 1,
      match: { path: '/v1/tts' },
    });
    const failed = await fetch(`${emu.baseUrl}/tts`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text, voice: 'ar-SA-noura' }),
    });
    assert.equal(failed.status, 502);
    assert.equal((await failed.json()).code, 'upstream_error');

    // A webhook receiver on port 0; the delivery is awaited, never slept for.
    let onHook;
    const hook = new Promise((resolve) => (onHook = resolve));
    const receiver = createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        res.end('ok');
        const body = Buffer.concat(chunks).toString('utf8');
        if (JSON.parse(body).event === 'key.compromised')
          onHook({ body, header: String(req.headers[SIGNATURE_HEADER.toLowerCase()]) });
      });
    });
    await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = await emu.admin.webhooks.endpoints.create(emu.orgId, {
        url: `http://127.0.0.1:${receiver.address().port}/hooks`,
        events: ['key.compromised'],
      });
      await emu.admin.webhooks.trigger({ org_id: emu.orgId, event: 'key.compromised' });
      const { body, header } = await hook;
      assert.equal(verifyWebhookSignature(body, header, endpoint.secret, { toleranceSeconds: 300 }), true);
      assert.equal(
        verifyWebhookSignature(`${body} `, header, endpoint.secret, { toleranceSeconds: 300 }),
        false,
      );
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  } finally {
    await emu.close();
  }
});

/**
 * The journal's byte bound counts each entry's JSON size as estimated by `entryBytes` (no serialisation per
 * request). The estimate must stay close to the real size of entries of every kind, whether their bodies
 * were read or not, or `--journal-max-mb` would bound something other than what it says.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/audio/encode.js';
import { entryBytes } from '../../src/journal/entry-bytes.js';
import { bearer, buildEmulator } from '../support/emulator.js';

const exact = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('journal entry size', () => {
  it('the estimate is within 3 % of the JSON size for every kind of entry, before and after its bodies are read', async () => {
    const { app, keys, emulator } = await buildEmulator({ journalLimit: 100 });
    const auth = bearer(keys.live);
    await request(app)
      .post('/v1/rag/search')
      .set('Authorization', auth)
      .send({ query: 'إجازة سنوية annual leave', mode: 'retrieve', top_k: 5 });
    await request(app).post('/v1/rag/search').set('Authorization', auth).send({ query: '', mode: 'nope' });
    await request(app)
      .post('/v1/rag/search')
      .set('Authorization', `Bearer ${keys.live.slice(0, -1)}x`)
      .send({ query: 'x' });
    await request(app)
      .post('/v1/auth/ws-token')
      .set('Authorization', auth)
      .send({ scopes: ['tts:speak'] });
    await request(app)
      .post('/v1/tts')
      .set('Authorization', auth)
      .set('Accept', 'audio/wav')
      .send({ text: 'مرحبا', voice: 'ar-SA-noura' });
    await request(app)
      .get('/v1/rag/documents?limit=5&"quoted"=\\')
      .set('Authorization', auth)
      .set('X-Custom', 'value with "quotes" and \\');
    await request(app)
      .post('/v1/stt/transcriptions')
      .set('Authorization', auth)
      .field('language', 'ar')
      .attach('file', encodeWav(new Float32Array(8000), 16000), 'a.wav');
    const entries = await emulator.part('journal').list();
    expect(entries.length).toBe(7);
    let estimated = 0;
    let real = 0;
    for (const entry of entries) {
      const before = entryBytes(entry);
      const size = exact(entry); // reads (and so parses) the bodies
      expect(Math.abs(before - size) / size, `${entry.method} ${entry.path} ${entry.status}`).toBeLessThan(
        0.03,
      );
      expect(entryBytes(entry)).toBe(before);
      estimated += before;
      real += size;
    }
    expect((await emulator.part('journal').usage()).bytes).toBe(estimated);
    expect(Math.abs(estimated - real) / real).toBeLessThan(0.02);
  });
});

describe('a link that reaches an entry already recorded', () => {
  it('grows the bytes the bound counts by what the entry grew', async () => {
    const { keys, emulator } = await buildEmulator({ journalLimit: 100 });
    const res = await request(emulator.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(keys.live))
      .send({ scopes: ['tts:speak'] });
    const id = res.headers['x-request-id'];
    const before = (await emulator.part('journal').usage()).bytes;
    // A webhook event caused by the request, linked after its entry was recorded (deliveries come later).
    emulator.part('journal').link(id, 'webhook', 'evt_linked_after_recording');
    const [entry] = (await emulator.part('journal').list()).filter((e) => e.request_id === id);
    expect(entry.webhook_event_ids).toEqual(['evt_linked_after_recording']);
    const after = (await emulator.part('journal').usage()).bytes;
    expect(after - before).toBe('evt_linked_after_recording'.length + 3);
    expect(after).toBe(entryBytes(entry));
  });
});

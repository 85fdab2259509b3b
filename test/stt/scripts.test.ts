/** Scripted transcripts through /_emulator/stt/scripts: by SHA-256, by file name, queued, errors. */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildEmulator, createKey, createOrg, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { TEXT_AR, noise, speech, transcribe, wav } from './support.js';

let t: TestEmulator;
beforeAll(async () => {
  t = await buildEmulator({ seed: 'stt-scripts' });
});
afterAll(async () => {
  await t.emulator.close();
});
beforeEach(async () => {
  await request(t.app).delete('/_emulator/stt/scripts').expect(200);
});

const addScript = (body: Record<string, unknown>) => request(t.app).post('/_emulator/stt/scripts').send(body);
const foreign = wav(noise(3, 16000, 42));
const sha = createHash('sha256').update(foreign).digest('hex');

describe('scripted transcripts', () => {
  it('by SHA-256 of the upload: text, language, segments, speakers and words as given', async () => {
    const created = await addScript({
      sha256: sha.toUpperCase(),
      language: 'en',
      segments: [
        { start: 0, end: 1.2, text: 'hello there' },
        { start: 1.4, end: 2.8, text: 'general kenobi', confidence: 0.7 },
      ],
      speakers: ['agent', 'customer'],
      confidence: 0.9,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      match: 'sha256',
      sha256: sha,
      remaining: null,
      matched: 0,
      org_id: null,
    });
    const res = await transcribe(t.app, t.keys.live, foreign, {
      fields: { diarize: 'true', word_timestamps: 'true', language: 'ar' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      text: 'hello there general kenobi',
      language: 'en',
      duration_seconds: 3,
      segments: [
        { id: 0, start: 0, end: 1.2, text: 'hello there', speaker: 'agent', confidence: 0.9 },
        { id: 1, start: 1.4, end: 2.8, text: 'general kenobi', speaker: 'customer', confidence: 0.7 },
      ],
    });
    expect(res.body.words.map((w: any) => [w.word, w.segment_id, w.speaker])).toEqual([
      ['hello', 0, 'agent'],
      ['there', 0, 'agent'],
      ['general', 1, 'customer'],
      ['kenobi', 1, 'customer'],
    ]);
    // A sha256 script keeps matching, and counts its uses.
    expect((await transcribe(t.app, t.keys.live, foreign)).body.text).toBe('hello there general kenobi');
    const list = await request(t.app).get('/_emulator/stt/scripts').expect(200);
    expect(list.body.scripts[0]).toMatchObject({ id: created.body.id, matched: 2 });
  });

  it('by file name, with text only: one segment per sentence spread over the audio; wins over the round trip', async () => {
    await addScript({
      file_name: 'call-17.wav',
      text: 'أهلا. كيف حالك؟',
      words: [{ word: 'أهلا', start: 0.1, end: 0.5 }],
    });
    const file = wav(speech(TEXT_AR));
    const res = await transcribe(t.app, t.keys.live, file, {
      fileName: 'call-17.wav',
      fields: { word_timestamps: 'true' },
    });
    expect(res.body.text).toBe('أهلا. كيف حالك؟');
    expect(res.body.language).toBe('ar');
    expect(res.body.segments.map((s: any) => s.text)).toEqual(['أهلا.', 'كيف حالك؟']);
    expect(res.body.segments[1].end).toBeCloseTo(res.body.duration_seconds, 3);
    expect(res.body.words).toEqual([{ word: 'أهلا', start: 0.1, end: 0.5, confidence: 1, segment_id: 0 }]);
    // Another name: the round trip again.
    expect((await transcribe(t.app, t.keys.live, file, { fileName: 'other.wav' })).body.text).toBe(TEXT_AR);
  });

  it('sha256 wins over file_name, which wins over the queue', async () => {
    await addScript({ queue: 5, text: 'from the queue' });
    await addScript({ file_name: 'x.wav', text: 'from the name' });
    await addScript({ sha256: sha, text: 'from the hash' });
    expect((await transcribe(t.app, t.keys.live, foreign, { fileName: 'x.wav' })).body.text).toBe(
      'from the hash',
    );
    expect((await transcribe(t.app, t.keys.live, wav(noise(1)), { fileName: 'x.wav' })).body.text).toBe(
      'from the name',
    );
    expect((await transcribe(t.app, t.keys.live, wav(noise(1)), { fileName: 'y.wav' })).body.text).toBe(
      'from the queue',
    );
  });

  it('a queue answers the next N requests of its organization, in order, then is gone', async () => {
    const other = await createOrg(t.app, { name: 'Other' });
    const otherKey = await createKey(t.app, other.id, { scopes: ['stt:transcribe'] });
    await addScript({ org_id: t.orgId, queue: 2, text: 'first' });
    await addScript({ org_id: t.orgId, queue: 1, text: 'second' });
    const otherRes = await transcribe(t.app, otherKey.key, foreign);
    expect(otherRes.body.text).not.toMatch(/first|second/);
    const texts: string[] = [];
    for (let i = 0; i < 4; i++)
      texts.push((await transcribe(t.app, t.keys.live, foreign)).body.text as string);
    expect(texts.slice(0, 3)).toEqual(['first', 'first', 'second']);
    expect(texts[3]).toBe(otherRes.body.text); // the fallback for the same audio
    expect((await request(t.app).get('/_emulator/stt/scripts').expect(200)).body.scripts).toEqual([]);
  });

  it('an error script answers with that problem and is not billed', async () => {
    await addScript({
      queue: 1,
      error: { status: 502, code: 'engine_overloaded', detail: 'try again later' },
    });
    const res = await transcribe(t.app, t.keys.live, foreign);
    const problem = expectProblem(res, 502, 'engine_overloaded');
    expect(problem.detail).toBe('try again later');
    const entries = (await t.emulator.part('metering').entries({ orgId: t.orgId })).filter(
      (e) => e.requestId === res.body.request_id,
    );
    expect(entries).toMatchObject([{ status: 'not_billed', reason: 'upstream_error', amount: 0 }]);
  });

  it('a scripted 429 carries the RateLimit headers', async () => {
    await addScript({ queue: 1, error: { status: 429, code: 'rate_limited' } });
    const res = await transcribe(t.app, t.keys.live, foreign);
    expectProblem(res, 429, 'rate_limited');
    expect(res.headers['retry-after']).toBe('1');
    expect(res.headers['ratelimit-remaining']).toBe('0');
  });

  it('list by organization, delete one, clear', async () => {
    const a = await addScript({ queue: 1, text: 'a', org_id: t.orgId });
    await addScript({ queue: 1, text: 'b' });
    expect((await request(t.app).get(`/_emulator/stt/scripts?org_id=${t.orgId}`)).body.scripts).toHaveLength(
      2,
    );
    await request(t.app).delete(`/_emulator/stt/scripts/${a.body.id}`).expect(204);
    expectProblem(await request(t.app).delete(`/_emulator/stt/scripts/${a.body.id}`), 404, 'not_found');
    expect((await request(t.app).delete('/_emulator/stt/scripts')).body).toEqual({ deleted: 1 });
    expectProblem(await request(t.app).get('/_emulator/stt/scripts?org_id=org_nope'), 404, 'not_found');
  });

  it('validation: exactly one matcher, a valid hash, an error status in range', async () => {
    expectProblem(await addScript({ text: 'no matcher' }), 422, 'validation_failed');
    expectProblem(
      await addScript({ queue: 1, file_name: 'a.wav', text: 'two matchers' }),
      422,
      'validation_failed',
    );
    expectProblem(await addScript({ sha256: 'abc', text: 'x' }), 422, 'validation_failed');
    expectProblem(
      await addScript({ queue: 1, error: { status: 200, code: 'ok' } }),
      422,
      'validation_failed',
    );
    expectProblem(
      await addScript({ queue: 1, error: { status: 600, code: 'not_an_error' } }),
      422,
      'validation_failed',
    );
    expectProblem(await addScript({ queue: 1, org_id: 'org_nope' }), 404, 'not_found');
  });

  it('reset clears scripts', async () => {
    await addScript({ queue: 3, text: 'x' });
    await request(t.app).post('/_emulator/reset').expect(200);
    expect((await request(t.app).get('/_emulator/stt/scripts')).body.scripts).toEqual([]);
    t.keys = t.emulator.demo.keys;
    expect(
      (await transcribe(t.app, t.keys.live, foreign).set('Authorization', bearer(t.emulator.demo.keys.live)))
        .status,
    ).toBe(200);
  });
});

/** Near-miss hints through HTTP: an unknown field names the closest allowed one; an unknown path the closest route. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../src/contract/near-miss.js';
import { bearer, buildEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

describe('near-miss hints', () => {
  it('names an unknown field and the allowed field it resembles', async () => {
    const { app, keys } = await buildEmulator();
    const alone = await request(app)
      .post('/v1/tts')
      .set('Authorization', bearer(keys.test))
      .send({ txt: 'hi' });
    expect(expectProblem(alone, 422, 'validation_failed').detail).toBe(
      'text is required; unknown field `txt`; did you mean `text`?',
    );
    const extra = await request(app)
      .post('/v1/tts')
      .set('Authorization', bearer(keys.test))
      .send({ text: 'hi', voice: 'ar-SA-noura', sped: 1.2 });
    expect(expectProblem(extra, 422, 'validation_failed').detail).toMatch(
      /^unknown field `sped`; did you mean `speed`\? \(allowed: text, voice, /,
    );
    const far = await request(app)
      .post('/v1/tts')
      .set('Authorization', bearer(keys.test))
      .send({ text: 'hi', voice: 'ar-SA-noura', zzzzzz: 1 });
    expect(expectProblem(far, 422, 'validation_failed').detail).toMatch(
      /^zzzzzz is not an allowed field \(allowed: /,
    );
  });

  it('names the closest route for an unknown path, under /v1 and the admin API', async () => {
    const { app, keys } = await buildEmulator();
    const v1 = await request(app).post('/v1/tss').set('Authorization', bearer(keys.test)).send({});
    expect(expectProblem(v1, 404, 'route_not_found').detail).toContain('did you mean POST /v1/tts?');
    const job = await request(app).get('/v1/stt/job/job_123').set('Authorization', bearer(keys.test));
    expect(expectProblem(job, 404, 'route_not_found').detail).toContain(
      'did you mean GET /v1/stt/jobs/{id}?',
    );
    const admin = await request(app).get('/_emulator/request');
    expect(expectProblem(admin, 404, 'route_not_found').detail).toContain(
      'did you mean GET|DELETE /_emulator/requests?',
    );
    const outside = await request(app).post('/v/tts');
    expect(expectProblem(outside, 404, 'route_not_found').detail).toContain('did you mean POST /v1/tts?');
  });

  it('computes edit distances with swaps counting once, and refuses unbounded lengths', () => {
    expect(editDistance('txt', 'text')).toBe(1);
    expect(editDistance('voicee', 'voice')).toBe(1);
    expect(editDistance('vocie', 'voice')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('x'.repeat(10_000), 'text')).toBe(Infinity);
    expect(closest('ttl', ['scopes', 'ttl_seconds'])).toBe('ttl_seconds');
    expect(closest('banana', ['text', 'voice'])).toBeUndefined();
  });
});

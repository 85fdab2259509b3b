import { describe, expect, it } from 'vitest';
import { encodeWav } from '../audio/index.js';
import { compareAnswers, frameTypes, shapeDifferences, type Answer } from './drift-compare.js';

const answer = (over: Partial<Answer> = {}): Answer => ({
  status: 200,
  contentType: 'application/json',
  headers: {},
  ...over,
});
const silence = (seconds: number) => encodeWav(new Float32Array(Math.round(16000 * seconds)), 16000);

describe('shapeDifferences', () => {
  it('ignores values but names missing fields and changed types, recursively, arrays through their first item', () => {
    const recorded = { id: 'a', n: 1, nested: { list: [{ x: 1, y: 'z' }] }, gone: true };
    const emulator = { id: 'b', n: '1', nested: { list: [{ x: 2 }, {}] }, added: null };
    expect(shapeDifferences(recorded, emulator)).toEqual([
      { aspect: 'fields', path: '/n', recorded: 'number', emulator: 'string' },
      { aspect: 'fields', path: '/nested/list/0/y', recorded: 'string', emulator: 'missing' },
      { aspect: 'fields', path: '/gone', recorded: 'boolean', emulator: 'missing' },
      { aspect: 'fields', path: '/added', recorded: 'missing', emulator: 'null' },
    ]);
    expect(shapeDifferences({ a: [] }, { a: [{ b: 1 }] })).toEqual([]);
  });
});

describe('frameTypes', () => {
  it('lists frame types in order, a run of one type once', () => {
    const frames = [
      { json: { type: 'started' } },
      { binary: 1 },
      { binary: 2 },
      { json: { type: 'partial' } },
      { json: { type: 'partial' } },
      { json: [1] },
      { text: 'x' },
    ];
    expect(frameTypes(frames)).toEqual(['started', 'binary', 'partial', 'json', 'text']);
  });
});

describe('compareAnswers', () => {
  it('compares status, problem code, media type and the rate-limit headers present', async () => {
    const recorded = answer({
      status: 429,
      contentType: 'application/problem+json',
      json: { code: 'rate_limited' },
      headers: { 'retry-after': '1', 'ratelimit-limit': '5' },
    });
    const emulator = answer({
      status: 429,
      contentType: 'application/problem+json; charset=utf-8',
      json: { code: 'rate_limited' },
      headers: { 'ratelimit-limit': '60' },
    });
    expect(await compareAnswers(recorded, emulator, 0.5)).toEqual([
      {
        aspect: 'ratelimit_headers',
        recorded: ['ratelimit-limit', 'retry-after'],
        emulator: ['ratelimit-limit'],
      },
    ]);
  });

  it('measures audio with the decoder and allows the tolerance', async () => {
    const a = answer({ contentType: 'audio/wav', audio: silence(1) });
    expect(await compareAnswers(a, answer({ contentType: 'audio/wav', audio: silence(1.3) }), 0.5)).toEqual(
      [],
    );
    expect(await compareAnswers(a, answer({ contentType: 'audio/wav', audio: silence(2) }), 0.5)).toEqual([
      { aspect: 'audio_duration', recorded: 1, emulator: 2 },
    ]);
  });
});

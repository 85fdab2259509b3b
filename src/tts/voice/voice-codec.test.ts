import { describe, expect, it } from 'vitest';
import { resample } from '../../audio/pcm.js';
import {
  VOICE_COUNT,
  decode,
  StreamingDecoder,
  synthesize,
  synthesizeBlocks,
  utteranceDuration,
  type DecodedUtterance,
} from './index.js';
import { addNoise, concat, gaussianNoise, rng, silence, streamDecode, utterancesOf } from './test-helpers.js';

const ARABIC = 'مرحباً بكم في خدمة البحث الصوتي، كيف يمكنني مساعدتك اليوم؟ ١٢٣';
const MIXED = 'Hello, عالم! 😀 世界\ttab\nnewline  two spaces — «quotes» café';

function only(utterances: DecodedUtterance[]): DecodedUtterance {
  expect(utterances).toHaveLength(1);
  return utterances[0];
}

describe('round trip through raw PCM', () => {
  for (const rate of [8000, 16000, 22050, 24000]) {
    it(`recovers text, voice and speed at ${rate} Hz, whole and streamed in 20 ms blocks`, () => {
      for (const [text, voiceIndex] of [
        [ARABIC, 0],
        [MIXED, 5],
      ] as const) {
        const pcm = synthesize(text, { voiceIndex, speed: 1, sampleRate: rate });
        const whole = only(decode(pcm, rate));
        expect(whole.text).toBe(text);
        expect(whole.voiceIndex).toBe(voiceIndex);
        expect(whole.speed).toBe(1);
        const streamed = only(utterancesOf(streamDecode(pcm, rate)));
        expect(streamed.text).toBe(text);
        expect(streamed.voiceIndex).toBe(voiceIndex);
      }
    });
  }

  it('places the utterance where it lies in a longer recording', () => {
    const rate = 16000;
    const pcm = synthesize(ARABIC, { voiceIndex: 2, speed: 1, sampleRate: rate });
    const shifted = concat([silence(1.2345, rate), pcm, silence(0.5, rate)]);
    const u = only(decode(shifted, rate));
    expect(u.text).toBe(ARABIC);
    expect(Math.abs(u.start - 1.2345)).toBeLessThan(0.002);
    expect(Math.abs(u.end - (1.2345 + pcm.length / rate))).toBeLessThan(0.002);
  });
});

describe('through resampling and noise', () => {
  for (const to of [16000, 8000]) {
    it(`survives resampling 24 kHz → ${to} Hz (whole and streamed)`, () => {
      const pcm = resample(synthesize(MIXED, { voiceIndex: 7, speed: 1.25, sampleRate: 24000 }), 24000, to);
      const u = only(decode(pcm, to));
      expect(u.text).toBe(MIXED);
      expect(u.voiceIndex).toBe(7);
      expect(u.speed).toBe(1.25);
      expect(only(utterancesOf(streamDecode(pcm, to))).text).toBe(MIXED);
    });
  }

  for (const rate of [8000, 16000]) {
    it(`survives white noise at 20 dB SNR at ${rate} Hz for several speeds`, () => {
      for (const [i, speed] of [0.5, 1, 2].entries()) {
        const clean = synthesize(ARABIC, { voiceIndex: i + 1, speed, sampleRate: rate });
        const noisy = addNoise(concat([silence(0.3, rate), clean, silence(0.3, rate)]), 20, 1000 + i);
        const u = only(decode(noisy, rate));
        expect(u.text).toBe(ARABIC);
        expect(u.voiceIndex).toBe(i + 1);
        expect(only(utterancesOf(streamDecode(noisy, rate))).text).toBe(ARABIC);
      }
    });
  }

  it('survives resampling 24 kHz → 8 kHz plus 20 dB noise', () => {
    const pcm = resample(synthesize(ARABIC, { voiceIndex: 4, speed: 2, sampleRate: 24000 }), 24000, 8000);
    expect(only(decode(addNoise(pcm, 20, 7), 8000)).text).toBe(ARABIC);
  });
});

describe('speed', () => {
  it('decodes every speed from 0.5 to 2 in steps of 0.25 and reports it', () => {
    const rate = 16000;
    for (let speed = 0.5; speed <= 2; speed += 0.25) {
      const pcm = synthesize(MIXED, { voiceIndex: 1, speed, sampleRate: rate });
      const u = only(decode(pcm, rate));
      expect(u.text).toBe(MIXED);
      expect(Math.abs(u.speed - speed)).toBeLessThan(0.025);
    }
  });

  it('quantises speed to 0.05 and clamps to [0.5, 2]', () => {
    const rate = 8000;
    expect(
      only(decode(synthesize('abc', { voiceIndex: 0, speed: 1.13, sampleRate: rate }), rate)).speed,
    ).toBe(1.15);
    expect(only(decode(synthesize('abc', { voiceIndex: 0, speed: 5, sampleRate: rate }), rate)).speed).toBe(
      2,
    );
    expect(only(decode(synthesize('abc', { voiceIndex: 0, speed: 0.1, sampleRate: rate }), rate)).speed).toBe(
      0.5,
    );
  });
});

describe('word timings', () => {
  it('are monotone, inside the utterance, and match the words of the text', () => {
    const rate = 16000;
    const text = '  السلام عليكم   ورحمة الله\tوبركاته 😀x ';
    for (const speed of [0.5, 1, 2]) {
      const u = only(decode(synthesize(text, { voiceIndex: 3, speed, sampleRate: rate }), rate));
      expect(u.words.map((w) => w.word)).toEqual(text.split(/\s+/u).filter(Boolean));
      let last = u.start;
      for (const w of u.words) {
        expect(w.start).toBeGreaterThanOrEqual(last);
        expect(w.end).toBeGreaterThan(w.start);
        last = w.end;
      }
      expect(last).toBeLessThanOrEqual(u.end);
    }
  });

  it('scale with the number of characters and the speed', () => {
    const rate = 16000;
    const at = (speed: number) =>
      only(decode(synthesize('a bbbb', { voiceIndex: 0, speed, sampleRate: rate }), rate)).words;
    const [a, b] = at(1);
    // A character slot lasts 1/14 s at speed 1; the tone fills 3/4 of it.
    expect(a.end - a.start).toBeCloseTo(0.75 / 14, 3);
    expect(b.end - b.start).toBeCloseTo(3 / 14 + 0.75 / 14, 3);
    expect(b.start - a.start).toBeCloseTo(2 / 14, 3);
    const [, b2] = at(2);
    expect(b2.end - b2.start).toBeCloseTo((3 / 14 + 0.75 / 14) / 2, 3);
  });
});

describe('voices (diarization)', () => {
  it(`has at least 8 voices`, () => {
    expect(VOICE_COUNT).toBeGreaterThanOrEqual(8);
  });

  for (const n of [2, 3]) {
    it(`separates ${n} concatenated voices, whole and streamed`, () => {
      const rate = 16000;
      const texts = ['صباح الخير', 'Good morning, how are you?', 'مساء النور يا صديقي'].slice(0, n);
      const voices = [2, 3, 6].slice(0, n);
      const speeds = [1, 1.5, 0.75];
      const parts: Float32Array[] = [];
      texts.forEach((text, i) => {
        parts.push(
          synthesize(text, { voiceIndex: voices[i], speed: speeds[i], sampleRate: rate }),
          silence(0.4, rate),
        );
      });
      const pcm = concat(parts);
      for (const got of [decode(pcm, rate), utterancesOf(streamDecode(pcm, rate))]) {
        expect(got.map((u) => u.text)).toEqual(texts);
        expect(got.map((u) => u.voiceIndex)).toEqual(voices);
        for (let i = 1; i < got.length; i++)
          expect(got[i].start).toBeGreaterThanOrEqual(got[i - 1].end - 1e-6);
      }
    });
  }

  it('separates utterances concatenated back to back without added silence', () => {
    const rate = 8000;
    const pcm = concat(
      [0, 1, 2, 3].map((v) => synthesize(`voice ${v}`, { voiceIndex: v, speed: 1, sampleRate: rate })),
    );
    const got = decode(pcm, rate);
    expect(got.map((u) => u.voiceIndex)).toEqual([0, 1, 2, 3]);
    expect(got.map((u) => u.text)).toEqual(['voice 0', 'voice 1', 'voice 2', 'voice 3']);
  });

  it('rejects an out-of-range voice index', () => {
    expect(() => synthesize('x', { voiceIndex: VOICE_COUNT, speed: 1, sampleRate: 16000 })).toThrow(
      RangeError,
    );
    expect(() => synthesize('x', { voiceIndex: 1.5, speed: 1, sampleRate: 16000 })).toThrow(RangeError);
  });
});

describe('no false utterances', () => {
  const rate = 16000;

  it('finds nothing in silence, white noise or sine sweeps', () => {
    expect(decode(silence(10, rate), rate)).toEqual([]);
    expect(decode(gaussianNoise(30 * rate, 0.3, 42), rate)).toEqual([]);
    const sweep = new Float32Array(30 * rate);
    let phase = 0;
    for (let i = 0; i < sweep.length; i++) {
      const f = 100 + (3900 * (i % (5 * rate))) / (5 * rate); // 100 Hz → 4 kHz every 5 s
      phase += (2 * Math.PI * f) / rate;
      sweep[i] = 0.5 * Math.sin(phase) + 0.3 * Math.sin(phase * 1.5);
    }
    expect(decode(sweep, rate)).toEqual([]);
    expect(utterancesOf(streamDecode(sweep, rate))).toEqual([]);
  });

  it('finds nothing in random dual-tone bursts on the symbol grid (not framed)', () => {
    const r = rng(9);
    const slot = Math.round(rate / 14);
    const pcm = new Float32Array(slot * 400);
    for (let s = 0; s < 400; s++) {
      const f1 = 350 + 90 * Math.floor(r() * 16);
      const f2 = 1850 + 90 * Math.floor(r() * 16);
      for (let n = 0; n < slot * 0.75; n++) {
        pcm[s * slot + n] =
          0.35 * (Math.sin((2 * Math.PI * f1 * n) / rate) + Math.sin((2 * Math.PI * f2 * n) / rate));
      }
    }
    expect(decode(pcm, rate)).toEqual([]);
  });

  it('never returns wrong text when 200 ms in the middle are zeroed', () => {
    const text = 'هذه جملة طويلة بما يكفي لاختبار التلف في منتصف الإشارة الصوتية';
    for (const speed of [0.5, 1, 2]) {
      const pcm = synthesize(text, { voiceIndex: 2, speed, sampleRate: rate });
      for (const at of [0.3, 0.5, 0.7]) {
        const damaged = pcm.slice();
        const from = Math.round(damaged.length * at);
        damaged.fill(0, from, from + Math.round(0.2 * rate));
        for (const u of [...decode(damaged, rate), ...utterancesOf(streamDecode(damaged, rate))]) {
          expect(u.text).toBe(text);
        }
      }
    }
  });
});

describe('duration and determinism', () => {
  it('utteranceDuration equals synthesize length / rate, grows with text, shrinks with speed', () => {
    for (const rate of [8000, 22050, 48000]) {
      for (const speed of [0.5, 1, 1.7, 2]) {
        for (const text of ['', 'a', ARABIC, MIXED]) {
          const pcm = synthesize(text, { voiceIndex: 0, speed, sampleRate: rate });
          expect(utteranceDuration(text, speed, rate)).toBe(pcm.length / rate);
        }
      }
      expect(utteranceDuration('ab', 1, rate)).toBeGreaterThan(utteranceDuration('a', 1, rate));
      expect(utteranceDuration(ARABIC, 1, rate)).toBeGreaterThan(utteranceDuration('ab', 1, rate));
      expect(utteranceDuration(ARABIC, 2, rate)).toBeLessThan(utteranceDuration(ARABIC, 1, rate));
      expect(utteranceDuration(ARABIC, 1, rate)).toBeLessThan(utteranceDuration(ARABIC, 0.5, rate));
    }
  });

  it('paces about 14 characters per second at speed 1', () => {
    const text = 'ب'.repeat(140);
    const perChar = (utteranceDuration(text + 'ب', 1, 16000) - utteranceDuration(text, 1, 16000)) * 14;
    expect(perChar).toBeCloseTo(1, 3);
    expect(utteranceDuration(text, 1, 16000)).toBeGreaterThan(10);
    expect(utteranceDuration(text, 1, 16000)).toBeLessThan(11);
  });

  it('is deterministic and stays within [-1, 1]', () => {
    const a = synthesize(MIXED, { voiceIndex: 4, speed: 1.1, sampleRate: 22050 });
    const b = synthesize(MIXED, { voiceIndex: 4, speed: 1.1, sampleRate: 22050 });
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
    expect(Math.max(...a.map(Math.abs))).toBeLessThanOrEqual(1);
  });

  it('synthesizeBlocks concatenates to exactly synthesize()', () => {
    const opts = { voiceIndex: 6, speed: 0.85, sampleRate: 22050 };
    const whole = synthesize(MIXED, opts);
    for (const slots of [undefined, 1, 3, 1000]) {
      const blocks = [...synthesizeBlocks(MIXED, opts, slots)];
      if (slots === 1) expect(blocks.length).toBeGreaterThan(20);
      const joined = concat(blocks);
      expect(Buffer.from(joined.buffer).equals(Buffer.from(whole.buffer))).toBe(true);
    }
  });

  it('voices differ in their samples', () => {
    const a = synthesize('abc', { voiceIndex: 0, speed: 1, sampleRate: 16000 });
    const b = synthesize('abc', { voiceIndex: 1, speed: 1, sampleRate: 16000 });
    expect(a.length).toBe(b.length);
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(false);
  });
});

describe('StreamingDecoder', () => {
  it('emits growing partials, then the utterance, with cheap pushes', () => {
    const rate = 8000;
    const pcm = synthesize(ARABIC, { voiceIndex: 1, speed: 1, sampleRate: rate });
    const events = streamDecode(pcm, rate);
    const partials = events.filter((e) => e.type === 'partial');
    expect(partials.length).toBeGreaterThan(5);
    for (const p of partials) expect(ARABIC.startsWith(p.text)).toBe(true);
    expect(only(utterancesOf(events)).text).toBe(ARABIC);
    // The utterance is complete before end(): its tail is in the stream.
    const dec = new StreamingDecoder(rate);
    const block = rate / 50;
    const seen: DecodedUtterance[] = [];
    for (let i = 0; i < pcm.length; i += block)
      seen.push(...utterancesOf(dec.push(pcm.subarray(i, i + block))));
    expect(seen.map((u) => u.text)).toEqual([ARABIC]);
    expect(dec.duration).toBeCloseTo(pcm.length / rate, 6);
  });

  it('gives the same result for any block size', () => {
    const rate = 16000;
    const pcm = concat([
      silence(0.2, rate),
      synthesize(MIXED, { voiceIndex: 5, speed: 1.5, sampleRate: rate }),
      synthesize(ARABIC, { voiceIndex: 0, speed: 0.75, sampleRate: rate }),
    ]);
    const whole = decode(pcm, rate);
    expect(whole.map((u) => u.text)).toEqual([MIXED, ARABIC]);
    for (const blockSeconds of [0.001, 0.0137, 0.02, 0.5, 10]) {
      expect(utterancesOf(streamDecode(pcm, rate, blockSeconds))).toEqual(whole);
    }
  });

  it('rejects push() after end()', () => {
    const dec = new StreamingDecoder(16000);
    dec.end();
    expect(() => dec.push(new Float32Array(10))).toThrow();
  });
});

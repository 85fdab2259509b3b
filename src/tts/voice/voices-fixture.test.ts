import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VOICE_COUNT } from './index.js';

interface VoiceEntry {
  id: string;
  name: string;
  gender: string;
  dialect: string;
  locale: string;
  voiceIndex: number;
  description: string;
}

const voices = JSON.parse(
  readFileSync(new URL('../../../fixtures/voices.json', import.meta.url), 'utf8'),
) as VoiceEntry[];

describe('fixtures/voices.json', () => {
  it('lists at least 6 Arabic voices with distinct ids and codec voice indexes', () => {
    expect(voices.length).toBeGreaterThanOrEqual(6);
    expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
    expect(new Set(voices.map((v) => v.voiceIndex)).size).toBe(voices.length);
    for (const v of voices) {
      expect(v.locale).toMatch(/^ar-[A-Z]{2}$/);
      expect(v.id.startsWith(`${v.locale}-`)).toBe(true);
      expect(['female', 'male']).toContain(v.gender);
      expect(v.name.length).toBeGreaterThan(0);
      expect(v.dialect.length).toBeGreaterThan(0);
      expect(v.description.length).toBeGreaterThan(20);
      expect(Number.isInteger(v.voiceIndex) && v.voiceIndex >= 0 && v.voiceIndex < VOICE_COUNT).toBe(true);
    }
  });

  it('varies genders and dialects', () => {
    expect(new Set(voices.map((v) => v.gender)).size).toBe(2);
    expect(new Set(voices.map((v) => v.dialect)).size).toBeGreaterThanOrEqual(5);
  });
});

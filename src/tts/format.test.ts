import { describe, expect, it } from 'vitest';
import { negotiateClipFormat } from './format.js';

describe('negotiateClipFormat (Accept → clip format, D-TTS-1)', () => {
  it.each([
    [undefined, 'mp3', 'no Accept header'],
    ['', 'mp3', 'an empty header'],
    ['audio/mpeg', 'mp3', 'MP3 asked for'],
    ['audio/wav', 'wav', 'WAV asked for'],
    ['audio/wave', 'wav', 'the audio/wave alias'],
    ['AUDIO/X-WAV', 'wav', 'the audio/x-wav alias, in capitals'],
    ['*/*', 'mp3', 'anything'],
    ['audio/*', 'mp3', 'any audio'],
    ['application/json', 'mp3', 'an unsatisfiable type, which is ignored'],
    ['audio/ogg, text/html', 'mp3', 'several unsatisfiable types'],
    ['audio/wav;q=0.5, audio/mpeg;q=0.9', 'mp3', 'MP3 with the higher q'],
    ['audio/mpeg;q=0.4, audio/wav', 'wav', 'WAV with the higher q'],
    ['audio/wav, audio/mpeg', 'mp3', 'a tie, which MP3 wins'],
    ['audio/mpeg;q=0, */*', 'wav', 'MP3 refused with q=0, WAV accepted through */*'],
    ['audio/*;q=0.2, audio/x-wav;q=0.3', 'wav', 'the specific WAV range beating audio/*'],
    ['audio/*;q=0.9, audio/mpeg;q=0.1', 'wav', 'the specific MP3 range lowering MP3 below audio/*'],
    ['audio/mpeg;q=0, audio/wav;q=0', 'mp3', 'both refused: the header is ignored'],
    ['audio/wav ; q = 0.7 , audio/mpeg ; q=0.6', 'wav', 'spaces around parameters'],
  ] as [string | undefined, string, string][])('%j gives %s (%s)', (accept, format) => {
    expect(negotiateClipFormat(accept)).toBe(format);
  });
});

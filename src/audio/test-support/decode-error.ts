/** Test helper: the code of the AudioDecodeError that decodeAudio rejects the bytes with. */
import { expect } from 'vitest';
import { AudioDecodeError, decodeAudio } from '../decode.js';

export async function decodeError(buf: Uint8Array): Promise<string> {
  try {
    await decodeAudio(buf);
  } catch (e) {
    expect(e).toBeInstanceOf(AudioDecodeError);
    return (e as AudioDecodeError).code;
  }
  throw new Error('decodeAudio accepted the input');
}

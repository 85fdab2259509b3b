/**
 * Multipart uploads (POST /v1/stt/transcriptions, POST /v1/rag/documents) built byte by byte: missing and
 * duplicate files, files where text belongs and the reverse, wrong field values, random boundaries and
 * truncated bodies; and damaged audio: truncated WAV and MP3 from the emulator's own encoders, wrong magic,
 * RIFF headers declaring huge sizes, random bytes behind an ID3 header, a WAV claiming 0xFFFFFFFF of data.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMp3, encodeWav } from '../../src/audio/index.js';
import { synthesize } from '../../src/tts/voice/index.js';
import {
  anyJson,
  applyBytes,
  byteMutation,
  expectNoPrototypePollution,
  nastyString,
  objectText,
  protoKey,
} from './arbitraries.js';
import {
  bearerHeader,
  buildFuzzEmulator,
  checkCase,
  fcParams,
  installCrashRecorder,
  send,
  type FuzzEmulator,
} from './support.js';

installCrashRecorder();

let t: FuzzEmulator;
let WAV: Buffer;
let MP3: Buffer;
beforeAll(async () => {
  t = await buildFuzzEmulator('fuzz-uploads');
  const pcm = synthesize('مرحبا', { voiceIndex: 0, speed: 1, sampleRate: 16000 });
  WAV = encodeWav(pcm, 16000);
  MP3 = await encodeMp3(pcm, 16000, 32);
});
afterAll(async () => {
  await t.emulator.close();
});

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
  /** Drops the Content-Disposition header. */
  noDisposition?: boolean;
}

function multipart(boundary: string, parts: Part[], closing = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\n`;
    if (!p.noDisposition)
      head += `Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n`;
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'latin1'), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  if (closing) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const boundaryArb = fc.oneof(
  fc.constant('fuzzboundary'),
  fc.stringMatching(/^[0-9A-Za-z'()+_,./:=?-]{1,70}$/),
  fc.constantFrom('a'.repeat(200), '"quoted"', ' ', '--', 'x;y=z'),
);

const textValue = fc.oneof(
  nastyString,
  fc.constantFrom('true', 'false', 'yes', '1', 'ar', 'auto', 'EN', 'ar-SA', 'x'.repeat(101), ''),
);

type Op = 'stt' | 'rag';
const PATHS: Record<Op, string> = { stt: '/v1/stt/transcriptions', rag: '/v1/rag/documents' };
const FIELDS: Record<Op, string[]> = {
  stt: ['language', 'model', 'diarize', 'word_timestamps'],
  rag: ['title', 'metadata'],
};

function validFile(op: Op): Part {
  return op === 'stt'
    ? { name: 'file', filename: 'hello.wav', contentType: 'audio/wav', data: WAV }
    : {
        name: 'file',
        filename: 'notes.txt',
        contentType: 'text/plain',
        data: 'Annual leave is thirty days per year.',
      };
}

const partsArb = (op: Op) =>
  fc.record({
    file: fc.constantFrom('one', 'missing', 'duplicate', 'as-text', 'empty', 'wrong-name'),
    fields: fc.array(
      fc.tuple(
        fc.constantFrom(...FIELDS[op], 'file', 'unknown', '__proto__', 'constructor'),
        textValue,
        fc.boolean(),
      ),
      { maxLength: 5 },
    ),
    noDisposition: fc.boolean(),
    filename: fc.oneof(
      fc.constant(undefined),
      fc.constantFrom('../../etc/passwd', 'ملف.wav', '', 'a"b.wav', 'x'.repeat(300)),
    ),
  });

function buildParts(
  op: Op,
  spec: {
    file: string;
    fields: [string, string, boolean][];
    noDisposition: boolean;
    filename: string | undefined;
  },
): Part[] {
  const file = validFile(op);
  if (spec.filename !== undefined) file.filename = spec.filename;
  const parts: Part[] = [];
  if (spec.file === 'one') parts.push(file);
  if (spec.file === 'duplicate') parts.push(file, { ...file });
  if (spec.file === 'as-text') parts.push({ name: 'file', data: 'not a file' });
  if (spec.file === 'empty') parts.push({ ...file, data: Buffer.alloc(0) });
  if (spec.file === 'wrong-name') parts.push({ ...file, name: 'audio' });
  if (op === 'rag' && !spec.fields.some(([n]) => n === 'title')) parts.push({ name: 'title', data: 'Notes' });
  for (const [name, value, asFile] of spec.fields) {
    parts.push(asFile ? { name, filename: 'field.txt', data: value } : { name, data: value });
  }
  if (spec.noDisposition && parts.length > 0) parts[parts.length - 1].noDisposition = true;
  return parts;
}

function upload(op: Op, body: Buffer, contentType: string) {
  return send(t, {
    method: 'POST',
    path: PATHS[op],
    headers: { ...bearerHeader(t.keys.live), 'Content-Type': contentType },
    body,
  });
}

describe('multipart parts', () => {
  it('missing, duplicate and misplaced parts, odd field values, random boundaries and truncation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Op>('stt', 'rag'),
        fc.integer({ min: 0, max: 10_000 }),
        boundaryArb,
        fc.oneof(fc.constant(null), fc.double({ min: 0, max: 1, noNaN: true })),
        fc.boolean(),
        fc.constantFrom('same', 'other', 'none', 'quoted'),
        async (op, specSeed, boundary, cut, closing, headerBoundary) => {
          const spec = fc.sample(partsArb(op), { seed: specSeed, numRuns: 1 })[0];
          let body = multipart(boundary, buildParts(op, spec), closing);
          if (cut !== null) body = body.subarray(0, Math.floor(cut * body.length));
          const ct =
            headerBoundary === 'same'
              ? `multipart/form-data; boundary=${boundary}`
              : headerBoundary === 'quoted'
                ? `multipart/form-data; boundary="${boundary}"`
                : headerBoundary === 'other'
                  ? 'multipart/form-data; boundary=somethingelse'
                  : 'multipart/form-data';
          await checkCase(
            t,
            'multipart: parts and boundaries',
            `${op} ${JSON.stringify(spec).slice(0, 200)} cut=${cut}`,
            () => upload(op, body, ct),
          );
          expectNoPrototypePollution();
        },
      ),
      fcParams(100),
    );
  });

  it('the RAG metadata part: invalid JSON, non-objects, __proto__ / constructor keys', async () => {
    const metadata = fc.oneof(
      anyJson.map((v) => JSON.stringify(v) ?? 'null'),
      fc
        .array(fc.tuple(fc.oneof(protoKey, fc.constant('dept')), anyJson), { maxLength: 4 })
        .map((e) => objectText(e.map(([k, v]) => [k, JSON.stringify(v) ?? 'null']))),
      fc.string({ maxLength: 50 }),
    );
    await fc.assert(
      fc.asyncProperty(metadata, async (meta) => {
        const body = multipart('b', [
          validFile('rag'),
          { name: 'title', data: 'Notes' },
          { name: 'metadata', data: meta },
        ]);
        const res = await checkCase(t, 'multipart: rag metadata', meta.slice(0, 200), () =>
          upload('rag', body, 'multipart/form-data; boundary=b'),
        );
        if (res.status === 202)
          expect(Object.getPrototypeOf((res.body as any).document.metadata)).toBe(Object.prototype);
        expectNoPrototypePollution();
      }),
      fcParams(60),
    );
  });
});

/** Audio that is damaged in the ways real uploads are. */
function audioCases(): fc.Arbitrary<{ what: string; bytes: Buffer }> {
  const riff = (declared: number, dataSize: number, payload: Buffer) => {
    const head = Buffer.from(WAV.subarray(0, 44));
    head.writeUInt32LE(declared >>> 0, 4);
    head.writeUInt32LE(dataSize >>> 0, 40);
    return Buffer.concat([head, payload]);
  };
  const id3 = (size: number) =>
    Buffer.from([
      0x49,
      0x44,
      0x33,
      3,
      0,
      0,
      (size >> 21) & 0x7f,
      (size >> 14) & 0x7f,
      (size >> 7) & 0x7f,
      size & 0x7f,
    ]);
  return fc.oneof(
    fc.tuple(fc.constantFrom('wav', 'mp3'), fc.double({ min: 0, max: 1, noNaN: true })).map(([f, x]) => {
      const src = f === 'wav' ? WAV : MP3;
      return { what: `${f} truncated at ${x}`, bytes: src.subarray(0, Math.floor(x * src.length)) };
    }),
    fc.tuple(fc.constantFrom('wav', 'mp3'), byteMutation).map(([f, m]) => ({
      what: `${f} ${JSON.stringify(m)}`,
      bytes: applyBytes(f === 'wav' ? WAV : MP3, m),
    })),
    fc
      .tuple(
        fc.constantFrom('RIFX', 'RIFF', 'FORM', 'OggS', 'fLaC', '\0\0\0\0'),
        fc.constantFrom('WAVE', 'AVI ', 'WAVF'),
      )
      .map(([a, b]) => {
        const out = Buffer.from(WAV);
        out.write(a, 0, 'latin1');
        out.write(b, 8, 'latin1');
        return { what: `wrong magic ${a}/${b}`, bytes: out };
      }),
    fc
      .tuple(
        fc.constantFrom(0, 36, 0xffffffff, 0x7fffffff, 0xfffffff0),
        fc.constantFrom(0, 1, 2, 0xffffffff, 0xfffffffe, 0x80000000, 4000),
        fc.integer({ min: 0, max: 5000 }),
      )
      .map(([declared, data, n]) => ({
        what: `RIFF declared ${declared} data ${data} with ${n} bytes`,
        bytes: riff(declared, data, WAV.subarray(44, 44 + n)),
      })),
    fc
      .tuple(fc.integer({ min: 0, max: 2 ** 28 - 1 }), fc.uint8Array({ maxLength: 3000 }))
      .map(([size, rest]) => ({
        what: `ID3 (size ${size}) + ${rest.length} random bytes`,
        bytes: Buffer.concat([id3(size), rest]),
      })),
    fc.tuple(fc.integer({ min: 0, max: 2000 }), fc.uint8Array({ maxLength: 3000 })).map(([size, rest]) => ({
      what: `ID3 (size ${size}) + MP3 frames + ${rest.length} random bytes`,
      bytes: Buffer.concat([id3(size), Buffer.alloc(size), MP3.subarray(0, 2000), rest]),
    })),
    fc
      .uint8Array({ maxLength: 64 })
      .map((b) => ({ what: `short ${b.length} bytes`, bytes: Buffer.concat([Buffer.from('RIFF'), b]) })),
    fc
      .uint8Array({ minLength: 0, maxLength: 4000 })
      .map((b) => ({ what: `${b.length} random bytes`, bytes: Buffer.from(b) })),
  );
}

describe('audio bytes', () => {
  it('damaged WAV and MP3 are 200, 202 or a 4xx Problem, and a rejection bills nothing', async () => {
    await fc.assert(
      fc.asyncProperty(audioCases(), async ({ what, bytes }) => {
        const body = multipart('audio', [
          { name: 'file', filename: 'clip.bin', contentType: 'application/octet-stream', data: bytes },
        ]);
        const res = await checkCase(t, 'audio: damaged files', what, () =>
          upload('stt', body, 'multipart/form-data; boundary=audio'),
        );
        if (res.status >= 400) {
          expect([
            'unsupported_audio_format',
            'audio_corrupt',
            'audio_truncated',
            'validation_failed',
          ]).toContain((res.body as any).code);
        }
      }),
      fcParams(120),
    );
  });
});

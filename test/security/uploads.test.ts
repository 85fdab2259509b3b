/**
 * Uploads (issue 8): size caps are enforced while the body streams in, archive bombs and EICAR are refused,
 * and file names are data, never paths.
 */
import { request as httpRequest } from 'node:http';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRawZip, zeroBombDeflate } from '../../src/rag/engine/test-fixtures.js';
import { bearer } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { buildTwoOrgs, sineWav, type TwoOrgs } from './support.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CAP = 100_000;
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$' + 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

let t: TwoOrgs;
let port: number;
beforeAll(async () => {
  t = await buildTwoOrgs({ stt: { maxUploadBytes: CAP }, rag: { maxUploadBytes: CAP } });
  ({ port } = await t.emulator.listen(0, '127.0.0.1'));
  // Boot work (the demo corpus index) must not grow the heap while an upload's memory is being sampled.
  await t.emulator.ready();
});
afterAll(() => t.emulator.close());

/** A multipart body written by hand, so a part's filename can hold anything (NUL included). */
function multipart(
  boundary: string,
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer },
): Buffer {
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name.replace(/"/g, '%22')}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return Buffer.concat([
    Buffer.from(parts.join('') + head, 'latin1'),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

interface StreamedUpload {
  status: number;
  body: string;
  /** Bytes of the body written when the response arrived. */
  sentWhenAnswered: number;
  total: number;
}

/**
 * Streams a multipart upload of `totalBytes` file bytes in 64 KiB chunks, waiting for each to drain, and
 * stops writing as soon as the response arrives. One chunk buffer is reused, so the client holds no body.
 */
function streamUpload(
  path: string,
  totalBytes: number,
  onProgress: (sent: number) => void = () => {},
): Promise<StreamedUpload> {
  const boundary = 'security-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nbig\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered: StreamedUpload | undefined;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: {
        Authorization: bearer(t.a.key),
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Transfer-Encoding': 'chunked',
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      const sentWhenAnswered = sent;
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        answered = {
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          sentWhenAnswered,
          total: totalBytes,
        };
        req.destroy();
        resolve(answered);
      });
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const pump = () => {
      while (answered === undefined && sent < totalBytes) {
        sent += chunk.length;
        if (sent % (4 * 1024 * 1024) === 0) onProgress(sent);
        if (!req.write(chunk)) {
          req.once('drain', () => setImmediate(pump));
          return;
        }
      }
      if (answered === undefined) req.end(`\r\n--${boundary}--\r\n`);
    };
    req.write(head);
    pump();
  });
}

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap and Buffer memory still reachable in this process (the server and the client are both in it). */
function retained(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

describe('size caps are enforced while streaming', () => {
  const BODY = 64 * 1024 * 1024;
  for (const [path, code] of [
    ['/v1/stt/transcriptions', 'file_too_large'],
    ['/v1/rag/documents', 'document_too_large'],
  ] as const) {
    it(`${path}: a 64 MiB upload over a ${CAP}-byte cap is refused with 422 ${code}, and the server never holds it`, async () => {
      const before = retained();
      let peak = before;
      const res = await streamUpload(path, BODY, () => (peak = Math.max(peak, retained())));
      const growth = peak - before;
      expect(res.status, res.body).toBe(422);
      expect(JSON.parse(res.body).code).toBe(code);
      // Multer stops buffering at the cap and discards the rest; it answers once the client is done sending
      // (so the client reads the 422 instead of an EPIPE). Sampled every 4 MiB, neither the heap nor Buffer memory ever grows by the body.
      expect(growth).toBeLessThan(BODY / 8);
    });
  }

  it('an upload just under the cap still works', async () => {
    const res = await request(t.app)
      .post('/v1/rag/documents')
      .set('Authorization', bearer(t.a.key))
      .field('title', 'fits')
      .attach('file', Buffer.alloc(CAP - 10, 'word '), 'fits.txt');
    expect(res.status, res.text).toBe(202);
  });
});

describe('archive bombs and EICAR are refused, and not billed', () => {
  async function ragUploadEntries(): Promise<number> {
    const res = await request(t.app)
      .get(`/_emulator/orgs/${t.b.orgId}/usage`)
      .query({ product: 'rag_upload' });
    return res.body.entries.length as number;
  }

  const cases: { what: string; name: string; bytes: () => Uint8Array; code: string }[] = [
    {
      what: 'a DOCX whose document.xml inflates to 64 MiB',
      name: 'bomb.docx',
      bytes: () =>
        buildRawZip([
          {
            name: '[Content_Types].xml',
            data: new TextEncoder().encode('<Types/>'),
            method: 0,
            declaredSize: 8,
          },
          { name: 'word/document.xml', data: zeroBombDeflate(64), method: 8, declaredSize: 1024 },
        ]),
      code: 'archive_rejected',
    },
    {
      what: 'the EICAR test file as text',
      name: 'eicar.txt',
      bytes: () => new TextEncoder().encode(EICAR),
      code: 'malware_detected',
    },
    {
      what: 'EICAR inside a document',
      name: 'notes.md',
      bytes: () => new TextEncoder().encode(`# Notes\n\nsome text ${EICAR} more text`),
      code: 'malware_detected',
    },
  ];
  for (const c of cases) {
    it(`${c.what}: 422 ${c.code}`, async () => {
      const before = await ragUploadEntries();
      const res = await request(t.app)
        .post('/v1/rag/documents')
        .set('Authorization', bearer(t.b.key))
        .field('title', c.name)
        .attach('file', Buffer.from(c.bytes()), c.name);
      expectProblem(res, 422, c.code);
      expect(await ragUploadEntries()).toBe(before);
      const docs = await request(t.app).get('/v1/rag/documents').set('Authorization', bearer(t.b.key));
      expect(docs.text).not.toContain(c.name);
    });
  }
});

describe('file names are data, never paths', () => {
  const NAMES = [
    '../../etc/passwd',
    '..\\..\\x-sec-marker',
    '/abs/path/sec-marker.txt',
    'C:\\Windows\\sec-marker.txt',
    'nul\u0000byte-sec-marker.txt',
    `${'n'.repeat(290)}-sec-marker`,
    './sec-marker/../../../../tmp/sec-marker.txt',
  ];

  /** Every file under `dir` (bounded depth, no node_modules or .git) changed since `since`. */
  function changedSince(dir: string, since: number, depth = 4): string[] {
    if (depth < 0) return [];
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return [];
    }
    return entries.flatMap((name) => {
      if (name === 'node_modules' || name === '.git') return [];
      const full = join(dir, name);
      let st;
      try {
        st = statSync(full);
      } catch {
        return [];
      }
      if (st.isDirectory()) return changedSince(full, since, depth - 1);
      return st.mtimeMs >= since ? [full] : [];
    });
  }

  it('RAG and STT uploads with path-like names work or fail cleanly, write nothing, and keep the name as data', async () => {
    const started = Date.now() - 1;
    const boundary = 'names-boundary';
    for (const name of NAMES) {
      const rag = await request(t.app)
        .post('/v1/rag/documents')
        .set('Authorization', bearer(t.a.key))
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .send(
          multipart(
            boundary,
            { title: 'named' },
            { name, type: 'text/plain', bytes: Buffer.from('plain text about names and paths') },
          ),
        );
      expect(rag.status, `${JSON.stringify(name)}: ${rag.text}`).toBeLessThan(500);
      if (rag.status === 202) {
        const stored = rag.body.document.file_name as string;
        expect(typeof stored).toBe('string');
        const again = await request(t.app)
          .get(`/v1/rag/documents/${rag.body.document.document_id}`)
          .set('Authorization', bearer(t.a.key));
        expect(again.body.file_name).toBe(stored);
        // Returned as data: the name (or its multipart decoding), never the content of the file it names.
        expect(again.text).not.toMatch(/root:x:0:0/);
      } else {
        expect(rag.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
      const stt = await request(t.app)
        .post('/v1/stt/transcriptions')
        .set('Authorization', bearer(t.a.key))
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .send(multipart(boundary, {}, { name, type: 'audio/wav', bytes: sineWav(0.3) }));
      expect(stt.status, `${JSON.stringify(name)}: ${stt.text}`).toBeLessThan(500);
    }
    await t.clock.advance(60_000); // indexing runs too
    const written = [...changedSince(ROOT, started), ...changedSince(tmpdir(), started, 2)].filter((f) =>
      /passwd|sec-marker|x-sec/.test(f),
    );
    expect(written).toEqual([]);
  });
});

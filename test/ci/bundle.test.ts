/**
 * The CLI as `npm run build` ships it (issue 15): one esbuild bundle, its worker entry dist/worker.js and the
 * lazily loaded task modules as chunks. Every kind of worker task, and the lazily loaded subcommand, must
 * still load in that layout; and the demo corpus must be searchable as soon as the readiness line is out.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, runCli } from '../support/cli.js';

afterEach(killAll);

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TEXT = 'مرحبا بكم في الاختبار';

async function start(args: string[] = []): Promise<{ base: string; key: string }> {
  const run = runCli(['--port', '0', '--log-level', 'warn', ...args]);
  const base = /ready at (http:\/\/\S+)\/v1/.exec(await run.line(/ready at/))![1];
  const key = (await run.line(/^demo live key: /)).split(': ')[1];
  return { base, key };
}

function post(
  base: string,
  key: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function upload(
  base: string,
  key: string,
  path: string,
  file: Blob,
  name: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', file, name);
  return fetch(`${base}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
}

describe('the bundled CLI', () => {
  it('is a bundle: dist/cli.js imports chunks, not the module tree tsc emits beside it', () => {
    const cli = readFileSync(join(ROOT, 'dist', 'cli.js'), 'utf8');
    expect(cli).toMatch(/from "\.\/chunks\/chunk-[A-Z0-9]+\.js"/);
    expect(cli).not.toMatch(/from '\.\/library\.js'/);
    expect(existsSync(join(ROOT, 'dist', 'worker.js'))).toBe(true);
    expect(existsSync(join(ROOT, 'dist', 'demo-corpus.json'))).toBe(true);
  });

  it('answers the first search right after the readiness line with demo corpus results', async () => {
    const { base, key } = await start();
    const res = await post(base, key, '/v1/rag/search', {
      query: 'annual leave policy',
      mode: 'retrieve',
      top_k: 3,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { document_id: string }[] };
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.map((r) => r.document_id)).toContain('doc_en_annual_leave');
  });

  it('runs every kind of worker task from the bundle: synthesis, audio analysis, document extraction', async () => {
    const { base, key } = await start();
    // TTS renders on a worker thread (the render chunk); STT decodes that clip back to its text on one.
    const tts = await post(
      base,
      key,
      '/v1/tts',
      { text: TEXT, voice: 'ar-SA-noura' },
      { Accept: 'audio/wav' },
    );
    expect(tts.status).toBe(200);
    const wav = await tts.blob();
    expect(wav.size).toBeGreaterThan(1000);
    const stt = await upload(base, key, '/v1/stt/transcriptions', wav, 'clip.wav');
    expect(stt.status).toBe(200);
    expect(((await stt.json()) as { text: string }).text).toBe(TEXT);
    // A document upload is sniffed and extracted on a worker thread (the inspect chunk).
    const doc = await upload(
      base,
      key,
      '/v1/rag/documents',
      new Blob(['Shipping takes three working days.\n']),
      'shipping.txt',
      { title: 'Shipping' },
    );
    expect(doc.status).toBe(202);
    expect(((await doc.json()) as { document: { file_type: string } }).document.file_type).toBe('text');
    const bad = await upload(
      base,
      key,
      '/v1/rag/documents',
      new Blob([new Uint8Array([0x00, 0xff, 0x13, 0x37, 0x00, 0x01])]),
      'blob.bin',
      { title: 'Blob' },
    );
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { code: string }).code).toBe('unsupported_document_type');
  });

  it('loads the drift subcommand from its chunk', async () => {
    const run = runCli(['drift', '--recordings']);
    expect((await run.exited).code).toBe(2);
    expect(run.stderr.join('\n')).toContain('Usage: svc-emulator drift');
  });
});

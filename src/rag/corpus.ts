/**
 * The demo corpus (fixtures/rag): read, extracted and chunked once per process, then indexed into the
 * demo organization of every emulator at boot, already `ready` (no job, no upload billing).
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { packagePath } from '../core/paths.js';
import type { DocumentType } from './engine/detect.js';
import type { PreparedText } from './engine/prepare.js';
import type { DocumentLimits } from './engine/limits.js';
import { TaskError, WorkerPool } from '../workers/pool.js';
import { readCorpusIndex } from './corpus-index.js';

export const RAG_FIXTURES_DIR = packagePath('fixtures', 'rag');

interface ManifestEntry {
  id: string;
  file: string;
  title: string;
  language: string;
  metadata: Record<string, unknown>;
}

export interface CorpusDocument {
  id: string;
  title: string;
  fileName: string;
  fileType: DocumentType;
  sizeBytes: number;
  language: string;
  metadata: Record<string, unknown>;
  prepared: PreparedText;
}

let cached: Promise<readonly CorpusDocument[]> | undefined;

/** Run from the TypeScript sources (the test suite), the extraction code may be newer than the built index. */
const fromSources = import.meta.url.endsWith('.ts');

/**
 * The parsed corpus; the promise is shared, so concurrent emulators read the files once. The package's demo
 * corpus comes from its index built at `npm run build` when that index matches (corpus-index.ts). Otherwise
 * (a user's `--corpus DIR`, other content limits, no build) extraction runs on a worker thread of its own
 * (closed when done), inside the same content limits as uploads, so boot never blocks the event loop and a
 * user's document cannot exhaust the process.
 */
export function loadCorpus(
  dir: string | undefined,
  limits: DocumentLimits,
): Promise<readonly CorpusDocument[]> {
  if (dir !== undefined && dir !== RAG_FIXTURES_DIR) return readCorpus(dir, limits);
  cached ??= loadDemoCorpus(limits).catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

async function loadDemoCorpus(limits: DocumentLimits): Promise<readonly CorpusDocument[]> {
  const prebuilt = fromSources ? undefined : await readCorpusIndex(RAG_FIXTURES_DIR, limits);
  return prebuilt ?? readCorpus(RAG_FIXTURES_DIR, limits);
}

/**
 * A corpus directory: with a `corpus.json` manifest (the shape of fixtures/rag), or without one, when every
 * regular file directly in it is a document (`--corpus DIR`): id `doc_<file name slug>`, title the file name
 * without its extension, language detected from the text. A file of an unsupported type stops start-up.
 */
export async function readCorpus(dir: string, limits: DocumentLimits): Promise<CorpusDocument[]> {
  let manifest: { documents: ManifestEntry[] };
  try {
    manifest = JSON.parse(await readFile(join(dir, 'corpus.json'), 'utf8')) as { documents: ManifestEntry[] };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`${join(dir, 'corpus.json')}: ${(err as Error).message}`);
    manifest = { documents: await listDocuments(dir) };
  }
  const pool = new WorkerPool({ size: 1, timeMs: 60_000 });
  try {
    return await Promise.all(manifest.documents.map((entry) => readDocument(dir, entry, pool, limits)));
  } finally {
    await pool.close();
  }
}

async function readDocument(
  dir: string,
  entry: ManifestEntry,
  pool: WorkerPool,
  limits: DocumentLimits,
): Promise<CorpusDocument> {
  const bytes = new Uint8Array(await readFile(join(dir, entry.file)));
  const fileName = basename(entry.file);
  let inspected;
  try {
    inspected = await pool.run('rag.inspect', { bytes, fileName, limits });
  } catch (err) {
    const reason =
      err instanceof TaskError && err.code === 'unsupported_document_type'
        ? 'is not a supported document type (pdf, docx, txt, md, html, csv, json)'
        : `cannot be read: ${(err as Error).message}`;
    throw new Error(`${join(dir, entry.file)} ${reason}`);
  }
  const { type: fileType, prepared } = inspected;
  return {
    id: entry.id,
    title: entry.title,
    fileName,
    fileType,
    sizeBytes: bytes.byteLength,
    language: entry.language || prepared.language,
    metadata: entry.metadata,
    prepared,
  };
}

async function listDocuments(dir: string): Promise<ManifestEntry[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort()
    .map((file) => ({
      id: `doc_${
        file
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '_')
          .replace(/^_+|_+$/g, '')
          .slice(0, 48) || 'file'
      }`,
      file,
      title: file.replace(/\.[^.]+$/, ''),
      language: '',
      metadata: { source_file: file },
    }));
}

/**
 * The demo corpus (fixtures/rag): read, extracted and chunked once per process, then indexed into the
 * demo organization of every emulator at boot, already `ready` (no job, no upload billing).
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkText, detectDocumentType, detectLanguage, extractText, type Chunk, type DocumentType } from './engine/index.js';

/** fixtures/ sits at the same depth from src/rag and dist/rag. */
export const RAG_FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'rag');

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
  chunks: readonly Chunk[];
}

let cached: Promise<readonly CorpusDocument[]> | undefined;

/** The parsed corpus; the promise is shared, so concurrent emulators read the files once. */
export function loadCorpus(dir = RAG_FIXTURES_DIR): Promise<readonly CorpusDocument[]> {
  if (dir !== RAG_FIXTURES_DIR) return readCorpus(dir);
  cached ??= readCorpus(dir).catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

/**
 * A corpus directory: with a `corpus.json` manifest (the shape of fixtures/rag), or without one, when every
 * regular file directly in it is a document (`--corpus DIR`): id `doc_<file name slug>`, title the file name
 * without its extension, language detected from the text. A file of an unsupported type stops start-up.
 */
async function readCorpus(dir: string): Promise<CorpusDocument[]> {
  let manifest: { documents: ManifestEntry[] };
  try {
    manifest = JSON.parse(await readFile(join(dir, 'corpus.json'), 'utf8')) as { documents: ManifestEntry[] };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${join(dir, 'corpus.json')}: ${(err as Error).message}`);
    manifest = { documents: await listDocuments(dir) };
  }
  return Promise.all(
    manifest.documents.map(async (entry) => {
      const bytes = new Uint8Array(await readFile(join(dir, entry.file)));
      const fileName = basename(entry.file);
      const fileType = detectDocumentType(bytes, fileName);
      if (fileType === null) throw new Error(`${join(dir, entry.file)} is not a supported document type (pdf, docx, txt, md, html, csv, json)`);
      const { text } = await extractText(bytes, fileType);
      return {
        id: entry.id,
        title: entry.title,
        fileName,
        fileType,
        sizeBytes: bytes.byteLength,
        language: entry.language || detectLanguage(text),
        metadata: entry.metadata,
        chunks: chunkText(text),
      };
    }),
  );
}

async function listDocuments(dir: string): Promise<ManifestEntry[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort()
    .map((file) => ({
      id: `doc_${file.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 48) || 'file'}`,
      file,
      title: file.replace(/\.[^.]+$/, ''),
      language: '',
      metadata: { source_file: file },
    }));
}

/**
 * The demo corpus (fixtures/rag): read, extracted and chunked once per process, then indexed into the
 * demo organization of every emulator at boot, already `ready` (no job, no upload billing).
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkText, detectDocumentType, extractText, type Chunk, type DocumentType } from './engine/index.js';

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

async function readCorpus(dir: string): Promise<CorpusDocument[]> {
  const manifest = JSON.parse(await readFile(join(dir, 'corpus.json'), 'utf8')) as { documents: ManifestEntry[] };
  return Promise.all(
    manifest.documents.map(async (entry) => {
      const bytes = new Uint8Array(await readFile(join(dir, entry.file)));
      const fileName = basename(entry.file);
      const fileType = detectDocumentType(bytes, fileName);
      if (fileType === null) throw new Error(`fixtures/rag: ${entry.file} is not a supported document type`);
      const { text } = await extractText(bytes, fileType);
      return {
        id: entry.id,
        title: entry.title,
        fileName,
        fileType,
        sizeBytes: bytes.byteLength,
        language: entry.language,
        metadata: entry.metadata,
        chunks: chunkText(text),
      };
    }),
  );
}

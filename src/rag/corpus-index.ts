/**
 * The demo corpus index built at `npm run build` (scripts/build.mjs): the documents of fixtures/rag as the
 * extraction task prepares them (chunks with their term counts, prepare.ts) in one JSON file, so start-up
 * reads data instead of starting a worker thread to extract them (docs/decisions.md, "Issue 15: start-up"). The file carries a fingerprint of everything extraction depends
 * on besides the code it was built with (the manifest, each document's bytes, the content limits); a file
 * whose fingerprint does not match is ignored and the corpus is extracted as before.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packagePath } from '../core/paths.js';
import type { DocumentLimits } from './engine/limits.js';
import type { CorpusDocument } from './corpus.js';

export const DEMO_CORPUS_INDEX = packagePath('dist', 'demo-corpus.json');

interface CorpusIndexFile {
  fingerprint: string;
  documents: CorpusDocument[];
}

/** SHA-256 over the limits, the manifest of `dir` and every document it lists (a few milliseconds). */
export async function corpusFingerprint(dir: string, limits: DocumentLimits): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(limits));
  const manifest = await readFile(join(dir, 'corpus.json'));
  hash.update(manifest);
  const entries = (JSON.parse(manifest.toString('utf8')) as { documents: { file: string }[] }).documents;
  for (const bytes of await Promise.all(entries.map((e) => readFile(join(dir, e.file)))))
    hash.update(`${bytes.byteLength}:`).update(bytes);
  return hash.digest('hex');
}

/** The prebuilt documents of `dir`, or undefined when there is no index file or it was built from other input. */
export async function readCorpusIndex(
  dir: string,
  limits: DocumentLimits,
  file = DEMO_CORPUS_INDEX,
): Promise<CorpusDocument[] | undefined> {
  let index: CorpusIndexFile;
  try {
    index = JSON.parse(await readFile(file, 'utf8')) as CorpusIndexFile;
  } catch {
    return undefined;
  }
  if (index.fingerprint !== (await corpusFingerprint(dir, limits))) return undefined;
  // JSON holds the term counts as plain arrays; the index reads them as the task returns them.
  for (const doc of index.documents) {
    for (const chunk of doc.prepared.chunks) {
      chunk.termIds = Uint32Array.from(chunk.termIds);
      chunk.counts = Uint16Array.from(chunk.counts);
    }
  }
  return index.documents;
}

/** Writes the index of prepared `documents` (typed arrays as plain arrays). */
export async function writeCorpusIndex(
  dir: string,
  limits: DocumentLimits,
  documents: readonly CorpusDocument[],
  file = DEMO_CORPUS_INDEX,
): Promise<void> {
  const index: CorpusIndexFile = {
    fingerprint: await corpusFingerprint(dir, limits),
    documents: [...documents],
  };
  await writeFile(
    file,
    JSON.stringify(index, (_key, value: unknown) =>
      value instanceof Uint32Array || value instanceof Uint16Array ? Array.from(value) : value,
    ),
  );
}

/* global console, process */
// `npm run build`: what the package ships in dist/ (docs/benchmarks.md, "Issue 15: start-up and idle memory").
//  1. tsc: the library (dist/index.js and its .d.ts files) and every module, as before.
//  2. JSON copies of the OpenAPI documents (scripts/openapi-json.mjs): start-up reads JSON, not YAML.
//  3. The demo corpus index (dist/demo-corpus.json): the fixtures/rag documents extracted and chunked once
//     here, so start-up reads data instead of starting a worker thread to extract them.
//  4. The standalone validators (dist/validators, src/contract/standalone-build.ts): ajv's generated code for
//     every operation part and component schema, fingerprinted against the documents, so the bundled CLI
//     loads each validator on first use instead of loading ajv and compiling it.
//  5. The CLI bundled by esbuild: dist/cli.js (replacing tsc's) the worker-pool entry dist/worker.js and the container health check dist/healthcheck.js, with
//     lazily loaded modules as chunks in dist/chunks/. Loading one file instead of some 400 modules is most
//     of the start-up time saved; packages that find files next to themselves, or that are large and loaded
//     only on first use, stay in node_modules.
// `node scripts/build.mjs --no-tsc` runs steps 2-5 only (after the test suite's own incremental tsc).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const require = createRequire(import.meta.url);

if (!process.argv.includes('--no-tsc')) {
  execFileSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')],
    { cwd: root, stdio: 'inherit' },
  );
}
execFileSync(process.execPath, [join(root, 'scripts', 'openapi-json.mjs')], { cwd: root, stdio: 'inherit' });

// Extracted with the built code and the default content limits; a start with other limits extracts again.
const { readCorpus, RAG_FIXTURES_DIR } = await import(pathToFileURL(join(dist, 'rag', 'corpus.js')).href);
const { writeCorpusIndex } = await import(pathToFileURL(join(dist, 'rag', 'corpus-index.js')).href);
const { documentLimits } = await import(pathToFileURL(join(dist, 'rag', 'service.js')).href);
const { resolveConfig } = await import(pathToFileURL(join(dist, 'app', 'config.js')).href);
const limits = documentLimits(resolveConfig({}).rag);
await writeCorpusIndex(RAG_FIXTURES_DIR, limits, await readCorpus(RAG_FIXTURES_DIR, limits));

const { loadDocuments, GATEWAY_DOC_ID, ADMIN_DOC_ID } = await import(
  pathToFileURL(join(dist, 'contract', 'documents.js')).href
);
const { writeStandaloneValidators } = await import(
  pathToFileURL(join(dist, 'contract', 'standalone-build.js')).href
);
const docs = loadDocuments();
writeStandaloneValidators(
  { [GATEWAY_DOC_ID]: docs.gateway, [ADMIN_DOC_ID]: docs.admin },
  join(dist, 'validators'),
);

const { build } = await import('esbuild');
rmSync(join(dist, 'chunks'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // dist/healthcheck.js is the image's HEALTHCHECK and documented (docs/compatibility.md): its path stays.
  entryPoints: { cli: 'src/cli.ts', worker: 'src/app/worker.ts', healthcheck: 'src/app/healthcheck.ts' },
  outdir: dist,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // CommonJS packages inside an ES module bundle call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __svcCreateRequire } from 'node:module';\nconst require = __svcCreateRequire(import.meta.url);",
  },
  // The pool starts dist/worker.js wherever its code lands in the bundle (src/workers/pool.ts).
  // The bundle validates with the code generated in step 4 (src/contract/standalone.ts).
  define: {
    __SVC_BUNDLED_WORKER__: JSON.stringify('worker.js'),
    __SVC_STANDALONE_VALIDATORS__: JSON.stringify('validators'),
  },
  external: [
    // Resolve files next to themselves at run time (worker scripts, WebAssembly).
    'piscina',
    'pdfjs-dist',
    'wasm-media-encoders',
    'mpg123-decoder',
    // Large, and loaded only on first use.
    'music-metadata',
    // Its character tables are half a megabyte of the bundle, needed only for bodies in charsets other than
    // UTF-8; a declared dependency for that reason (docs/decisions.md, "Issue 15: start-up, fourth session").
    'iconv-lite',
    // Read as JSON (JSON.parse) instead of compiled as a 200 kB object literal; a declared dependency likewise.
    'mime-db',
    '@faker-js/faker',
    'yaml',
    // Optional native add-ons of ws; the test suite's TypeScript loader.
    'bufferutil',
    'utf-8-validate',
    'tsx',
  ],
  legalComments: 'none',
  logLevel: 'warning',
});
console.log('svc-emulator: built dist/ (library, CLI bundle, demo corpus index, standalone validators)');

/**
 * The layers of src/, checked in `npm test` (npm run lint:deps). Each folder may import only the folders listed
 * before it (type-only imports aside: they leave no trace at run time), so the graph has no cycle and a reader can
 * learn the tree from the bottom up. docs/architecture.md draws it. A new folder gets its place in this list.
 */
const LAYERS = [
  // Infrastructure: knows no product area.
  ['core'], // clock, randomness, ids, the error type and catalog, small helpers
  ['client'], // the typed admin client, generated from openapi/admin.yaml
  ['audio'], // WAV/MP3/M4A decoding and encoding
  ['contract'], // the OpenAPI documents compiled: routes and validators
  ['observe'], // request capture, redaction, the request log
  ['store'], // memory or Redis: state units, the outbox, barriers
  ['workers'], // the worker pool (it runs app/worker.ts, found by path)
  ['stages'], // pipeline stages shared by areas
  ['http'], // Express primitives: context, bodies, problems, the server
  ['admin'], // the admin router and invoker: areas hand it their handlers
  ['scripts'], // scripted outputs (queue, matching, admin CRUD) for stt, tts and rag
  ['area'], // the one shape every area returns (types)
  // Product areas, each on the ones before it.
  ['clock'],
  ['auth'],
  ['orgs'],
  ['scenarios'],
  ['snapshots'],
  ['journal'],
  ['metering'],
  ['report'],
  ['webhooks'],
  ['faults'],
  ['sandboxes'],
  ['latency'],
  ['proxy'],
  ['rag'],
  ['tts'],
  ['stt'],
  ['persist'],
  ['testcontainers'],
  // The composition root: builds the areas from one ordered list. Only the entry points import it.
  ['app'],
].map(([name]) => name);

const folder = (names) => `^src/(${names.join('|')})/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Two modules that import each other (through any path): move what both need into a lower module.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'folder-without-a-layer',
      severity: 'error',
      comment: 'Every folder of src/ has a place in LAYERS (.dependency-cruiser.cjs).',
      from: { path: '^src/[^/]+/', pathNot: folder(LAYERS) },
      to: {},
    },
    {
      name: 'only-entry-points-at-the-top',
      severity: 'error',
      comment: 'The top of src/ holds only the entry points: index.ts, cli.ts and testing.ts.',
      from: { path: '^src/[^/]+$', pathNot: '^src/(index|cli|testing)\\.ts$' },
      to: {},
    },
    ...LAYERS.slice(0, -1).map((name, i) => ({
      name: `layer-${name}`,
      severity: 'error',
      comment: `${name}/ may import only the folders listed before it in LAYERS: ${LAYERS.slice(0, i).join(', ') || 'none'}`,
      from: { path: `^src/${name}/` },
      to: { path: folder(LAYERS.slice(i + 1)) },
    })),
  ],
  options: {
    // The run-time graph: type-only imports are left out, and so are tests and the contract cases they share.
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.ts$|\\.contract\\.ts$|/test-support/' },
    doNotFollow: { path: 'node_modules' },
  },
};

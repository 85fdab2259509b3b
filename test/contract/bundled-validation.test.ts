/**
 * The bundled CLI validates with the code generated at build time (issue 15, src/contract/standalone.ts):
 * the same answers as the in-process emulator, which compiles with ajv at run time, and ajv itself is never
 * loaded. A build whose documents changed afterwards falls back to compiling the changed documents.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../src/core/paths.js';
import { killAll, runCli, type CliRun } from '../support/cli.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';

afterEach(killAll);

const work = mkdtempSync(join(tmpdir(), 'bundled-validation-'));
// Preloaded into the CLI (NODE_OPTIONS): reports every module whose name mentions ajv on stderr.
const trace = join(work, 'trace-ajv.cjs');
writeFileSync(
  trace,
  `const Module = require('node:module');
const load = Module._load;
Module._load = function (request, ...rest) {
  if (/ajv|validators/.test(request)) process.stderr.write('loaded ' + request + '\\n');
  return load.call(this, request, ...rest);
};
`,
);
afterAll(() => rmSync(work, { recursive: true, force: true }));

let inProcess: TestEmulator;
beforeAll(async () => {
  inProcess = await buildEmulator({ seed: 'bundled-validation' });
});
afterAll(async () => inProcess.emulator.close());

/** The CLI (this package's, or another build's dist/cli.js) with the trace preloaded. */
async function start(cli?: string): Promise<{ run: CliRun; base: string; key: string }> {
  const run = runCli(
    ['--port', '0', '--log-level', 'warn', '--seed', 'bundled-validation'],
    { NODE_OPTIONS: `--require ${trace}` },
    cli,
  );
  const base = /ready at (http:\/\/\S+)\/v1/.exec(await run.line(/ready at/))![1];
  const key = (await run.line(/^demo live key: /)).split(': ')[1];
  return { run, base, key };
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Rejected by each kind of validator: JSON body (gateway and admin), query, path, and the defaults applied. */
const CALLS: Call[] = [
  { method: 'POST', path: '/v1/rag/search', body: { query: 'annual leave policy', top_k: 500 } },
  { method: 'POST', path: '/v1/rag/search', body: { query: 'annual leave policy', mode: 'retreive' } },
  { method: 'POST', path: '/v1/rag/search', body: { qeury: 'annual leave policy' } },
  { method: 'POST', path: '/v1/rag/search', body: { query: 'annual leave policy', top_k: 2 } },
  { method: 'POST', path: '/v1/tts', body: { text: 'مرحبا', voice: 'ar-SA-noura', speed: 9 } },
  { method: 'POST', path: '/v1/auth/ws-token', body: { scopes: ['nope'] } },
  { method: 'GET', path: '/v1/rag/documents?limit=abc' },
  { method: 'GET', path: '/v1/rag/documents?limit=2' },
  { method: 'GET', path: '/_emulator/requests?limit=-1' },
  { method: 'POST', path: '/_emulator/faults', body: { kind: 'error', status: 'x' } },
  { method: 'POST', path: '/_emulator/clock', body: { advance_ms: 'soon' } },
];

/** Status and body of a call, with what differs per process (request ids, times, durations) left out. */
function comparable(status: number, body: unknown): unknown {
  const text = JSON.stringify(body)
    .replace(/"req_[A-Za-z0-9]+"/g, '"req"')
    .replace(/"\d{4}-\d\d-\d\dT[^"]+"/g, '"time"')
    .replace(/("[a-z_]+_ms"):\d+/g, '$1:0');
  return { status, body: JSON.parse(text) };
}

describe('validation in the bundled CLI', () => {
  it('answers as the run-time compiled in-process emulator does, without loading ajv', async () => {
    const { run, base, key } = await start();
    for (const call of CALLS) {
      const admin = call.path.startsWith('/_emulator');
      const res = await fetch(`${base}${call.path}`, {
        method: call.method,
        headers: {
          ...(admin ? {} : { Authorization: bearer(key) }),
          ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      const text = await res.text();
      const req = request(inProcess.app)[call.method.toLowerCase() as 'get'](call.path);
      if (!admin) void req.set('Authorization', bearer(inProcess.keys.live));
      const expected = await (call.body === undefined ? req : req.send(call.body as object));
      const body = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      const expectedBody = expected.headers['content-type']?.includes('json') ? expected.body : expected.text;
      expect(comparable(res.status, body), `${call.method} ${call.path}`).toEqual(
        comparable(expected.status, expectedBody),
      );
    }
    const loaded = run.stderr.filter((l) => l.startsWith('loaded '));
    expect(loaded).toContain(`loaded ${packagePath('dist', 'validators', 'gateway', 'rag.search.body.cjs')}`);
    expect(loaded).toContain(
      `loaded ${packagePath('dist', 'validators', 'admin', 'admin.listRequests.query.cjs')}`,
    );
    // Only ajv's small run-time helpers that generated code requires (string length, formats, deep equal).
    expect(
      loaded.filter(
        (l) => /loaded ajv/.test(l) && !/^loaded (ajv\/dist\/runtime\/|ajv-formats\/dist\/formats$)/.test(l),
      ),
    ).toEqual([]);
  });

  it('compiles at run time when the documents changed after the build: a stale build is never used', async () => {
    const root = join(work, 'package');
    for (const name of ['dist', 'openapi', 'fixtures', 'ui']) {
      cpSync(packagePath(name), join(root, name), { recursive: true });
    }
    cpSync(packagePath('package.json'), join(root, 'package.json'));
    symlinkSync(packagePath('node_modules'), join(root, 'node_modules'));
    // A later edit of the source document: the JSON copy and the generated validators are now stale.
    const yaml = readFileSync(join(root, 'openapi', 'gateway.yaml'), 'utf8');
    const edited = yaml.replace(
      /(\n {8}top_k:\n {10}type: integer\n {10}minimum: 1\n {10}maximum: )100\n/,
      '$150\n',
    );
    expect(edited).not.toBe(yaml);
    writeFileSync(join(root, 'openapi', 'gateway.yaml'), edited);

    const { run, base, key } = await start(join(root, 'dist', 'cli.js'));
    const res = await fetch(`${base}/v1/rag/search`, {
      method: 'POST',
      headers: { Authorization: bearer(key), 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'annual leave policy', top_k: 60 }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toBe('top_k must be between 1 and 50 (got 60)');
    expect(run.stderr).toContain('loaded ajv/dist/2020.js');
    expect(run.stderr.some((l) => l.includes(join(root, 'dist', 'validators')) && l.endsWith('.cjs'))).toBe(
      false,
    );
  });
});

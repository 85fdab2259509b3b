/**
 * API keys (issue 8, "Security and isolation"): stored hashed, compared in constant time, never written to
 * logs, the journal or error bodies.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checksumTail, KEY_PREFIXES } from '../../src/core/api-keys.js';
import {
  spyHandler,
  bearer,
  buildEmulator,
  createKey,
  revokeKey,
  type TestEmulator,
} from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { killAll, runCli } from '../support/cli.js';
import { sineWav } from './support.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every string reachable from `root` (own properties, Map and Set entries; Buffers as text, hex and base64). */
function reachableStrings(root: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      out.push(v);
      continue;
    }
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (Buffer.isBuffer(v) || v instanceof Uint8Array) {
      const b = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
      if (b.length <= 1 << 16) out.push(b.toString('latin1'), b.toString('hex'), b.toString('base64'));
      continue;
    }
    if (ArrayBuffer.isView(v)) continue;
    if (v instanceof Map) {
      for (const [k, val] of v) stack.push(k, val);
      continue;
    }
    if (v instanceof Set) {
      for (const val of v) stack.push(val);
      continue;
    }
    for (const key of Reflect.ownKeys(v)) {
      if (typeof key === 'string') out.push(key);
      const d = Object.getOwnPropertyDescriptor(v, key);
      if (d && 'value' in d) stack.push(d.value);
    }
  }
  return out;
}

/** The secret, or its body without the prefix, anywhere in `text`. */
function leaks(text: string, secret: string): boolean {
  const body = secret.slice(KEY_PREFIXES.live.length);
  return text.includes(secret) || text.includes(body.slice(0, 24));
}

describe('keys are stored hashed', () => {
  let t: TestEmulator;
  beforeAll(async () => {
    t = await buildEmulator();
  });
  afterAll(() => t.emulator.close());

  it('no field of the organization store (or anything else the emulator holds) contains a key made through the admin API', async () => {
    const created = await createKey(t.app, t.orgId, { scopes: ['tts:speak'] });
    // Use it once, so every per-request structure has seen it.
    await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(created.key))
      .send({ scopes: ['tts:speak'] })
      .expect(201);
    const inStore = reachableStrings(t.emulator.part('orgs'));
    expect(inStore.length).toBeGreaterThan(10);
    expect(inStore.filter((s) => leaks(s, created.key))).toEqual([]);
    // The record holds the SHA-256 of the key and its display form only.
    const record = t.emulator.part('orgs').getKey(created.id)!;
    expect(record.hash).toHaveLength(32);
    expect(record.display).toBe(`svc_live_…${created.key.slice(-4)}`);
    // Beyond the store: the whole emulator except the library's own copy of the demo keys.
    const everywhere = reachableStrings({ ...t.emulator, demo: undefined });
    expect(everywhere.filter((s) => leaks(s, created.key))).toEqual([]);
  });

  it('the admin API shows keys in display form only after creation', async () => {
    const created = await createKey(t.app, t.orgId, { scopes: ['tts:speak'] });
    for (const path of [
      `/_emulator/orgs/${t.orgId}/keys`,
      `/_emulator/orgs/${t.orgId}`,
      '/_emulator/orgs',
      '/_emulator/report',
    ]) {
      const res = await request(t.app).get(path);
      expect(leaks(res.text, created.key), path).toBe(false);
    }
  });
});

describe('keys are compared in constant time', () => {
  it('the key lookup and the admin token check go through crypto.timingSafeEqual', () => {
    const store = readFileSync(join(ROOT, 'src/orgs/store.ts'), 'utf8');
    const lookup = /\n {2}lookup\(secret: string\)[^]*?\n {2}\}/.exec(store)?.[0] ?? '';
    expect(store).toMatch(/import \{[^}]*\btimingSafeEqual\b[^}]*\} from 'node:crypto'/);
    expect(lookup).toContain('timingSafeEqual(');
    const admin = readFileSync(join(ROOT, 'src/admin/admin-router.ts'), 'utf8');
    expect(/function sameSecret[^]*?\n\}/.exec(admin)?.[0]).toContain('timingSafeEqual(');
  });

  it('a key differing only in its last character, or only in its body with a valid checksum, is refused', async () => {
    const t = await buildEmulator();
    try {
      const key = t.keys.live;
      const last = key.slice(-1) === 'A' ? 'B' : 'A';
      expectProblem(
        await request(t.app)
          .get('/v1/rag/documents')
          .set('Authorization', bearer(key.slice(0, -1) + last)),
        401,
        'malformed_api_key',
      );
      const head = key.slice(0, 20) + (key[20] === 'A' ? 'B' : 'A') + key.slice(21, key.length - 6);
      expectProblem(
        await request(t.app)
          .get('/v1/rag/documents')
          .set('Authorization', bearer(head + checksumTail(head))),
        401,
        'invalid_api_key',
      );
      expect((await request(t.app).get('/v1/rag/documents').set('Authorization', bearer(key))).status).toBe(
        200,
      );
    } finally {
      await t.emulator.close();
    }
  });
});

/** Requests that put `secret` everywhere except a well-formed Authorization header, plus the usual errors. */
function leakyRequests(t: TestEmulator, secret: string): request.Test[] {
  const app = t.app;
  const b = bearer(secret);
  return [
    // Query strings, on /v1, WebSocket paths and the admin API.
    ...['api_key', 'apikey', 'key', 'token', 'access_token', 'authorization', 'q'].map((name) =>
      request(app)
        .get('/v1/rag/documents')
        .query({ [name]: secret }),
    ),
    request(app).get('/v1/stt/realtime').query({ token: secret }),
    request(app).get(`/_emulator/requests?api_key=${secret}`),
    // The secret in the path.
    request(app).get(`/v1/stt/jobs/${secret}`).set('Authorization', b),
    request(app).get(`/v1/${secret}`),
    request(app).get(`/_emulator/orgs/${secret}`),
    // Bodies: as a value the schema refuses, as an unknown field, as broken JSON, as a multipart field.
    request(app).post('/v1/tts').set('Authorization', b).send({ text: 'مرحبا', voice: secret }),
    request(app)
      .post('/v1/tts')
      .set('Authorization', b)
      .send({ text: 'مرحبا', voice: 'ar-SA-noura', [secret]: 1 }),
    request(app)
      .post('/v1/tts')
      .set('Authorization', b)
      .send({ text: 'مرحبا', voice: 'ar-SA-noura', speed: secret }),
    request(app).post('/v1/rag/search').set('Authorization', b).send({ query: 'x', mode: secret }),
    request(app)
      .post('/v1/rag/search')
      .set('Authorization', b)
      .set('Content-Type', 'application/json')
      .send(`{"query": "${secret}`),
    request(app)
      .post('/v1/auth/ws-token')
      .set('Authorization', b)
      .send({ scopes: [secret] }),
    request(app)
      .post('/v1/stt/transcriptions')
      .set('Authorization', b)
      .field('language', secret)
      .attach('file', sineWav(0.2), 'a.wav'),
    request(app)
      .post('/v1/stt/transcriptions')
      .set('Authorization', b)
      .field('model', secret)
      .attach('file', Buffer.from(secret), secret),
    request(app)
      .post('/_emulator/orgs')
      .send({ name: 'x', [secret]: true }),
    request(app).post('/_emulator/orgs').set('Content-Type', 'application/json').send(`{"name": ${secret}}`),
    // Headers other than a well-formed Authorization.
    request(app).get('/v1/rag/documents').set('X-Api-Key', secret),
    request(app).get('/v1/rag/documents').set('Cookie', `api_key=${secret}`),
    request(app).get('/v1/rag/documents').set('Content-Type', secret),
    request(app).post('/v1/tts').set('Authorization', b).set('Content-Type', secret).send('{}'),
    request(app)
      .post('/v1/tts')
      .set('Authorization', b)
      .set('Accept', secret)
      .send({ text: 'مرحبا', voice: 'ar-SA-noura' }),
    request(app).get('/v1/rag/documents').set('X-Emulator-Scope', secret).set('Authorization', b),
    // Malformed Authorization headers carrying the key.
    request(app).get('/v1/rag/documents').set('Authorization', secret),
    request(app).get('/v1/rag/documents').set('Authorization', `Basic ${secret}`),
    request(app).get('/v1/rag/documents').set('Authorization', `Bearer ${secret} ${secret}`),
    request(app).get('/v1/rag/documents').set('Authorization', `Bearer ${secret}x`),
    request(app).get('/_emulator/orgs').set('X-Admin-Token', secret),
  ];
}

describe('keys never appear in error bodies', () => {
  let t: TestEmulator;
  beforeAll(async () => {
    t = await buildEmulator({ adminToken: 'admin-secret-token' });
  });
  afterAll(() => t.emulator.close());

  it('no response body or header echoes a key sent in a query string, a body, a path or another header', async () => {
    const secrets = [t.keys.live, t.keys.test];
    for (const secret of secrets) {
      for (const req of leakyRequests(t, secret)) {
        const res = await req;
        const echoed = `${res.text} ${JSON.stringify(res.headers)}`;
        expect(leaks(echoed, secret), `${res.status} ${res.text}`).toBe(false);
      }
    }
  });

  it('a malformed Authorization header is refused without repeating what it carried', async () => {
    const res = await request(t.app).get('/v1/rag/documents').set('Authorization', t.keys.live);
    const problem = expectProblem(res, 401, 'missing_api_key');
    expect(problem.detail).toMatch(/Bearer/);
    expect(problem.detail).not.toContain(t.keys.live.slice(9, 20));
  });
});

describe('keys never appear in the journal or the logs', () => {
  const printed: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function captureConsole(): void {
    for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        printed.push(
          args
            .map((a) =>
              a instanceof Error
                ? `${a.stack} ${JSON.stringify(a)}`
                : typeof a === 'string'
                  ? a
                  : JSON.stringify(a),
            )
            .join(' '),
        );
      });
    }
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      vi.spyOn(stream, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
        printed.push(String(chunk));
        return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
      });
    }
  }

  it('a full in-process session at log level debug (successes, refusals, revocation, a crash) prints and journals no key', async () => {
    const t = await buildEmulator({ logLevel: 'debug' });
    try {
      captureConsole();
      const created = await createKey(t.app, t.orgId, {
        scopes: ['tts:speak', 'stt:transcribe', 'rag:query'],
      });
      // An unexpected error inside a handler: the stack is logged, the request must not be.
      t.emulator.handlers.set(
        'rag.listDocuments',
        spyHandler(() => Promise.reject(new Error('handler exploded'))),
      );
      const secrets = [created.key, t.keys.live];
      for (const secret of secrets) {
        await request(t.app)
          .post('/v1/tts')
          .set('Authorization', bearer(secret))
          .send({ text: 'مرحبا', voice: 'ar-SA-noura' });
        await request(t.app)
          .post('/v1/rag/search')
          .set('Authorization', bearer(secret))
          .send({ query: 'VPN' });
        await request(t.app)
          .post('/v1/stt/transcriptions')
          .set('Authorization', bearer(secret))
          .attach('file', sineWav(0.5), 'a.wav');
        await request(t.app).get('/v1/rag/documents').set('Authorization', bearer(secret)); // the crash
        for (const req of leakyRequests(t, secret)) await req;
      }
      await revokeKey(t.app, created.id);
      await request(t.app).get('/v1/stt/jobs/x').set('Authorization', bearer(created.key));
      vi.restoreAllMocks();

      expect(printed.some((line) => line.includes('handler exploded'))).toBe(true);
      for (const secret of secrets) expect(printed.filter((line) => leaks(line, secret))).toEqual([]);
      const journal = await request(t.app).get('/_emulator/requests').query({ limit: 1000 });
      expect(journal.body.entries?.length ?? journal.body.requests?.length).toBeGreaterThan(50);
      for (const secret of secrets) expect(leaks(journal.text, secret)).toBe(false);
      expect(journal.text).toContain(`svc_live_…${created.key.slice(-4)}`);
    } finally {
      await t.emulator.close();
    }
  });

  afterAll(() => killAll());

  it('the CLI at --log-level debug prints the demo keys in its banner only, and never a key made later', async () => {
    const cli = runCli(['--port', '0', '--log-level', 'debug', '--seed', 'security-cli']);
    const ready = await cli.line(/ready at/);
    const base = /(http:\/\/\S+)\/v1/.exec(ready)![1];
    const demoLive = (await cli.line(/demo live key/)).split(' ').pop()!;
    const made = await fetch(`${base}/_emulator/orgs/org_demo/keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ environment: 'live', scopes: ['rag:query'] }),
    });
    const secret = ((await made.json()) as { key: string }).key;
    for (const key of [secret, demoLive]) {
      await fetch(`${base}/v1/rag/search`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: '{"query":"VPN"}',
      });
      await fetch(`${base}/v1/rag/documents?api_key=${key}`);
      await fetch(`${base}/v1/rag/documents`, { headers: { Authorization: key } });
      await fetch(`${base}/v1/tts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: `{"text": "${key}`,
      });
      await fetch(`${base}/v1/nowhere/${key}`, { headers: { Authorization: `Bearer ${key}` } });
    }
    cli.child.kill('SIGTERM');
    expect((await cli.exited).code).toBe(0);
    const output = [...cli.stdout, ...cli.stderr];
    expect(output.filter((line) => leaks(line, secret))).toEqual([]);
    expect(output.filter((line) => leaks(line, demoLive))).toEqual([`demo live key: ${demoLive}`]);
  });
});

/**
 * `tls: true` (`--tls`) and the user's own certificate (`--tls-cert`/`--tls-key`) through real clients that
 * verify the certificate against the CA: node:https with `ca` (rejectUnauthorized stays on), `ws` with `ca`.
 */
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ConfigError } from '../../src/app/config.js';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import { expectProblem } from '../support/problem.js';
import { exchangeUntilClose } from '../support/raw-socket.js';
import { closed } from '../support/ws.js';
import { VOICE } from '../tts/support.js';

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

interface Answer {
  status: number;
  json(): unknown;
}

/** One https request that trusts only `ca` (undefined: the system's CAs), with a JSON body when given. */
function fetchTls(
  url: string,
  ca: string | undefined,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        ca,
        headers: { ...init.headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode!, json: () => JSON.parse(text) as unknown });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('--tls: a CA and a server certificate made at start', () => {
  let emu: RunningEmulator;
  let ca: string;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 'tls', logLevel: 'silent', workers: 0, tls: true });
    ca = readFileSync(emu.caFile!, 'utf8');
  });
  afterAll(async () => {
    await emu?.close();
  });

  it('says https in the base and admin URLs and names the CA file', () => {
    expect(emu.baseUrl).toBe(`https://127.0.0.1:${emu.port}/v1`);
    expect(emu.adminUrl).toBe(`https://127.0.0.1:${emu.port}/_emulator`);
    expect(new X509Certificate(ca).ca).toBe(true);
  });

  it('answers /v1 over https to a client that verifies the certificate', async () => {
    const res = await fetchTls(`${emu.baseUrl}/rag/search`, ca, {
      method: 'POST',
      headers: bearer(emu.keys.live),
      body: { query: 'الاجازه السنويه' },
    });
    expect(res.status).toBe(200);
    const body = res.json() as { results: unknown[] };
    expect(Array.isArray(body.results)).toBe(true);
  });

  it('answers /_emulator over https; the demo credentials carry the https URL and the CA file', async () => {
    const res = await fetchTls(`${emu.adminUrl}/demo`, ca);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      base_url: emu.baseUrl,
      admin_url: emu.adminUrl,
      ca_file: emu.caFile,
    });
  });

  it('is refused by a client that does not trust the CA', async () => {
    await expect(fetchTls(`${emu.adminUrl}/health`, undefined)).rejects.toThrow(
      /self-signed|unable to verify|issuer/i,
    );
  });

  it('answers plain HTTP sent to the port with a 400 problem saying to use https, then closes (issue 37)', async () => {
    const res = await exchangeUntilClose(
      emu.port,
      'GET /_emulator/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    );
    expect(res.status).toBe(400);
    expect(res.headers['connection']).toBe('close');
    const problem = expectProblem({ ...res, text: res.body }, 400, 'plain_http_to_tls_port');
    expect(problem.title).toBe('Plain HTTP request sent to an HTTPS port');
    expect(problem.detail).toMatch(/^The plain HTTP request was sent to HTTPS port: .*use https:\/\//);
    expect(problem.request_id).toMatch(/^req_/);
    expect(res.headers['x-request-id']).toBe(problem.request_id);
    // The port still serves https afterwards.
    expect((await fetchTls(`${emu.adminUrl}/health`, ca)).status).toBe(200);
  });

  it('covers localhost as well as 127.0.0.1', async () => {
    const res = await fetchTls(`https://localhost:${emu.port}/_emulator/health`, ca);
    expect(res.status).toBe(200);
  });

  it('runs a TTS realtime session over wss with the ws-token subprotocol, verifying the certificate', async () => {
    const minted = await fetchTls(`${emu.baseUrl}/auth/ws-token`, ca, {
      method: 'POST',
      headers: bearer(emu.keys.live),
      body: { scopes: ['tts:speak'] },
    });
    expect(minted.status).toBe(201);
    const { token } = minted.json() as { token: string };
    const url = `${emu.baseUrl.replace(/^https/, 'wss')}/tts/realtime`;
    const ws = new WebSocket(url, [token], { ca });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    expect(ws.protocol).toBe(token);
    const frames: { type?: string }[] = [];
    const audio: Buffer[] = [];
    ws.on('message', (data: Buffer, isBinary: boolean) =>
      isBinary ? audio.push(data) : frames.push(JSON.parse(data.toString('utf8')) as { type?: string }),
    );
    const done = closed(ws);
    for (const frame of [
      { type: 'start', voice: VOICE, quality: 'fast', format: 'mp3' },
      { type: 'text', text: 'مرحبا' },
      { type: 'close' },
    ])
      ws.send(JSON.stringify(frame));
    expect(await done).toMatchObject({ code: 1000 });
    expect(Buffer.concat(audio).length).toBeGreaterThan(0);
    expect(frames.some((f) => f.type === 'completed')).toBe(true);
  });

  it('removes the CA folder at close', async () => {
    const other = await startEmulator({ port: 0, seed: 'tls-2', logLevel: 'silent', workers: 0, tls: true });
    const file = other.caFile!;
    expect(existsSync(file)).toBe(true);
    await other.close();
    expect(existsSync(file)).toBe(false);
  });
});

describe('--tls-cert and --tls-key: the user own files', () => {
  let dir: string;
  let own: RunningEmulator | undefined;
  let ca: string;
  let certFile: string;
  let keyFile: string;

  beforeAll(async () => {
    // A CA and certificate made by the same library, so the test trusts a CA it did not get from the emulator.
    const { tlsMaterial } = await import('../../src/http/tls.js');
    const material = (await tlsMaterial({ tls: true, tlsCert: null, tlsKey: null }, '127.0.0.1'))!;
    dir = mkdtempSync(join(tmpdir(), 'tls-test-'));
    ca = readFileSync(material.caFile!, 'utf8');
    certFile = join(dir, 'cert.pem');
    keyFile = join(dir, 'key.pem');
    writeFileSync(certFile, material.cert);
    writeFileSync(keyFile, material.key);
    material.dispose();
  });
  afterAll(async () => {
    await own?.close();
  });

  it('serves https with the given certificate and names no CA file', async () => {
    own = await startEmulator({
      port: 0,
      seed: 'tls-own',
      logLevel: 'silent',
      workers: 0,
      tlsCert: certFile,
      tlsKey: keyFile,
    });
    expect(own.caFile).toBeNull();
    const res = await fetchTls(`${own.adminUrl}/demo`, ca);
    const body = res.json() as Record<string, unknown>;
    expect(body.base_url).toBe(own.baseUrl);
    expect(body).not.toHaveProperty('ca_file');
  });

  it('refuses one file without the other, naming the missing option', async () => {
    await expect(startEmulator({ port: 0, tlsCert: certFile })).rejects.toThrow(/--tls-cert needs --tls-key/);
    await expect(startEmulator({ port: 0, tlsKey: keyFile })).rejects.toThrow(/--tls-key needs --tls-cert/);
  });

  it('refuses an unreadable or invalid PEM, and a key that is not the certificate one', async () => {
    const junk = join(dir, 'junk.pem');
    writeFileSync(junk, 'not a pem');
    const base = { port: 0, seed: 'tls-bad', logLevel: 'silent' as const, workers: 0 };
    await expect(
      startEmulator({ ...base, tlsCert: join(dir, 'missing.pem'), tlsKey: keyFile }),
    ).rejects.toThrow(/cannot read --tls-cert/);
    await expect(startEmulator({ ...base, tlsCert: junk, tlsKey: keyFile })).rejects.toThrow(
      /--tls-cert .* is not a PEM certificate/,
    );
    await expect(startEmulator({ ...base, tlsCert: certFile, tlsKey: junk })).rejects.toThrow(
      /--tls-key .* is not a PEM private key/,
    );
    const { tlsMaterial } = await import('../../src/http/tls.js');
    const other = (await tlsMaterial({ tls: true, tlsCert: null, tlsKey: null }, '127.0.0.1'))!;
    const otherKey = join(dir, 'other-key.pem');
    writeFileSync(otherKey, other.key);
    other.dispose();
    const err = await startEmulator({ ...base, tlsCert: certFile, tlsKey: otherKey }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/not the private key of the certificate/);
  });
});

/**
 * A real browser (headless Chromium driven by playwright-core) completes a realtime session with a
 * ws-token offered as the subprotocol, sending the emulator's own voice as Int16 PCM from the page.
 * The page comes from a bare HTTP server on port 0 (nothing from disk). Skipped only when
 * /usr/bin/chromium is absent.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { float32ToS16le } from '../../src/audio/index.js';
import { buildEmulator, mintWsToken, type TestEmulator } from '../support/emulator.js';
import { TEXT_AR, TEXT_EN, VOICES, concat, speech, wsUrl } from './support.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);

describe.skipIf(!available)('realtime STT from a real browser', () => {
  let t: TestEmulator;
  let port: number;
  let browser: Browser;
  let pageServer: Server;
  let pageUrl: string;

  beforeAll(async () => {
    t = await buildEmulator({ seed: 'stt-browser' });
    port = (await t.emulator.listen(0, '127.0.0.1')).port;
    pageServer = createServer((_req, res) => res.end('<!doctype html><title>stt</title>'));
    await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.emulator.close();
    await new Promise((resolve) => pageServer?.close(resolve));
  });

  it('new WebSocket(url, [token]): start, Int16 PCM in 20 ms frames, close_stream → finals with the exact text, completed', async () => {
    const token = await mintWsToken(t.app, t.keys.live, ['stt:transcribe']);
    const rate = 16000;
    const pcm = concat(speech(TEXT_AR, rate, VOICES.noura), speech(TEXT_EN, rate, VOICES.fahad));
    const samples = Array.from(new Int16Array(new Uint8Array(float32ToS16le(pcm)).buffer));
    const page = await browser.newPage();
    // A loopback page, not about:blank: Chromium's local network access checks block a page of an
    // opaque origin from opening a socket to 127.0.0.1.
    await page.goto(pageUrl);
    const result = await page.evaluate(
      async ({ url, token, samples, rate }) => {
        const ws = new WebSocket(url, [token]);
        ws.binaryType = 'arraybuffer';
        const frames: Record<string, unknown>[] = [];
        const closed = new Promise<{ code: number; protocol: string }>((resolve) => {
          ws.onclose = (e) => resolve({ code: e.code, protocol: ws.protocol });
        });
        ws.onmessage = (e) => frames.push(JSON.parse(e.data as string) as Record<string, unknown>);
        await new Promise<void>((resolve, reject) => {
          ws.onopen = () => resolve();
          ws.onerror = () => reject(new Error('WebSocket failed'));
        });
        ws.send(
          JSON.stringify({
            type: 'start',
            encoding: 'pcm_s16le',
            sample_rate: rate,
            language: 'auto',
            interim_results: true,
          }),
        );
        const all = Int16Array.from(samples);
        const step = rate / 50;
        for (let i = 0; i < all.length; i += step) ws.send(all.slice(i, i + step));
        ws.send(JSON.stringify({ action: 'close_stream' }));
        const { code, protocol } = await closed;
        return { code, protocol, frames };
      },
      { url: wsUrl(port), token, samples, rate },
    );
    expect(result.protocol).toBe(token);
    expect(result.code).toBe(1000);
    const finals = result.frames.filter((f) => f.type === 'final');
    expect(finals.map((f) => f.text)).toEqual([TEXT_AR, TEXT_EN]);
    expect(result.frames.some((f) => f.type === 'partial')).toBe(true);
    expect(result.frames.at(-1)).toMatchObject({
      type: 'completed',
      duration_seconds: pcm.length / rate,
      text: `${TEXT_AR} ${TEXT_EN}`,
      segments: 2,
      language: 'ar',
    });
  }, 60_000);
});

/**
 * Issue 26, TLS in a real browser: headless Chromium, trusting only the emulator's server key (pinned with
 * --ignore-certificate-errors-spki-list, which checks the key rather than ignoring errors), loads an https page
 * of the emulator, mints a ws-token with fetch and opens `wss:` realtime TTS with the token as the subprotocol.
 * Skipped only when /usr/bin/chromium is absent.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:tls';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import { hasChromium, launchChromium } from '../ui/browser.js';

/** The base64 SHA-256 of the server certificate's public key, read from a handshake that verifies it. */
function serverKeyPin(port: number, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, ca, servername: 'localhost' }, () => {
      const spki = socket.getPeerX509Certificate()!.publicKey.export({ type: 'spki', format: 'der' });
      socket.end();
      resolve(createHash('sha256').update(spki).digest('base64'));
    });
    socket.once('error', reject);
  });
}

describe.skipIf(!hasChromium)('--tls in Chromium', () => {
  let emu: RunningEmulator;
  let browser: Browser;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 'tls-browser', logLevel: 'silent', workers: 0, tls: true });
    const pin = await serverKeyPin(emu.port, readFileSync(emu.caFile!, 'utf8'));
    browser = await launchChromium([`--ignore-certificate-errors-spki-list=${pin}`]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await emu?.close();
  });

  it('an https page mints a ws-token and speaks over wss with the token as the subprotocol', async () => {
    const page = await browser.newPage();
    const loaded = await page.goto(`${emu.adminUrl}/health`);
    expect(loaded?.status()).toBe(200);
    expect(page.url()).toMatch(/^https:/);
    const result = await page.evaluate(
      async ({ base, key }) => {
        const minted = await fetch(`${base}/auth/ws-token`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ scopes: ['tts:speak'] }),
        });
        const { token } = (await minted.json()) as { token: string };
        const ws = new WebSocket(`${base.replace('https:', 'wss:')}/tts/realtime`, [token]);
        ws.binaryType = 'arraybuffer';
        const types: string[] = [];
        let audioBytes = 0;
        const code = await new Promise<number>((resolve) => {
          ws.onopen = () => {
            ws.send(JSON.stringify({ type: 'start', voice: 'ar-AE-mariam', quality: 'fast' }));
            ws.send(JSON.stringify({ type: 'text', text: 'مرحبا بكم' }));
            ws.send(JSON.stringify({ type: 'close' }));
          };
          ws.onmessage = (e: MessageEvent) => {
            if (typeof e.data === 'string') types.push((JSON.parse(e.data) as { type: string }).type);
            else audioBytes += (e.data as ArrayBuffer).byteLength;
          };
          ws.onclose = (e) => resolve(e.code);
        });
        return { protocol: ws.protocol === token, types, audioBytes, code };
      },
      { base: emu.baseUrl, key: emu.keys.live },
    );
    expect(result).toMatchObject({ protocol: true, code: 1000 });
    expect(result.types[0]).toBe('started');
    expect(result.types.at(-1)).toBe('completed');
    expect(result.audioBytes).toBeGreaterThan(1000);
  });
});

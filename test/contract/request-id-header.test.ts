/**
 * Issue 37: openapi/gateway.yaml declares `X-Request-Id` required on every response of every operation,
 * the 101 of a WebSocket session included. The self-check covers the HTTP answers; the handshake is checked
 * here, through a real client.
 */
import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import { bearer } from '../support/emulator.js';
import { closed } from '../support/ws.js';

describe('X-Request-Id on a WebSocket handshake', () => {
  let emu: RunningEmulator;
  beforeEach(async () => {
    emu = await startEmulator({ port: 0, seed: 'request-id-101', logLevel: 'silent' });
  });
  afterEach(() => emu.close());

  for (const [path, operation] of [
    ['/stt/realtime', 'stt.realtime'],
    ['/tts/realtime', 'tts.realtime'],
  ] as const) {
    it(`the 101 of ${path} carries the session's request id, as the journal names it`, async () => {
      const ws = new WebSocket(`${emu.baseUrl.replace('http', 'ws')}${path}`, {
        headers: { Authorization: bearer(emu.keys.live) },
      });
      // Both events come in one turn: listen for both before waiting on either.
      const upgrade = new Promise<IncomingMessage>((resolve, reject) => {
        ws.once('upgrade', resolve);
        ws.once('error', reject);
      });
      const opened = new Promise((resolve) => ws.once('open', resolve));
      const response = await upgrade;
      expect(response.statusCode).toBe(101);
      const id = response.headers['x-request-id'];
      expect(id).toMatch(/^req_[0-9A-Za-z]{20}$/);
      await opened;
      const done = closed(ws);
      ws.close(1000, 'bye');
      await done;
      const session = await emu.admin.requests.waitFor({ operation_id: operation });
      expect(session.request_id).toBe(id);
    });
  }
});

/** Regression tests for what the fuzz properties found (docs/fuzzing.md), one per bug. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { expectProblem } from '../support/problem.js';
import { closed, nextMessage } from '../support/ws.js';
import {
  assertNoCrash,
  bearerHeader,
  buildFuzzEmulator,
  installCrashRecorder,
  rawBody,
  send,
  sendRaw,
  type FuzzEmulator,
} from './support.js';

installCrashRecorder();

let t: FuzzEmulator;
beforeAll(async () => {
  t = await buildFuzzEmulator('fuzz-regressions');
});
afterAll(async () => {
  await t.emulator.close();
});

describe('regressions found by fuzzing', () => {
  it('a path id that is not valid percent-encoding is 422, and the self-check does not throw an uncaught exception', async () => {
    const res = await send(t, {
      method: 'GET',
      path: '/v1/stt/jobs/%E0%A4%A',
      headers: bearerHeader(t.keys.live),
    });
    expectProblem(res, 422, 'validation_failed');
    // The self-check runs on the response's `finish`: give it that turn before looking for a crash.
    await new Promise((resolve) => setImmediate(resolve));
    assertNoCrash();
  });

  it("bytes after a body shorter than its Content-Length get a problem+json 400, not Node's bare 400", async () => {
    const body = Buffer.from('{"scopes":["tts:speak"]}');
    const head =
      `POST /v1/auth/ws-token HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.keys.live}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\n\r\n`;
    const res = await sendRaw(
      t,
      head,
      Buffer.concat([body, Buffer.from('\x00garbage that is not HTTP\r\n\r\n')]),
    );
    // Node parses the pipelined garbage while the first request is still in flight, so the connection may
    // end with the problem alone; whatever is answered, the last answer is that problem.
    const last = res.text.split(/(?=HTTP\/1\.1 \d{3} )/).at(-1)!;
    expect(last).toMatch(/^HTTP\/1\.1 400 /);
    expect(last).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(rawBody(last))).toMatchObject({ status: 400, code: 'malformed_request' });
  });

  it.each(['tts', 'stt'])(
    'a %s realtime text frame of invalid UTF-8 is an invalid_json error frame and close 4400, not a bare 1007',
    async (p) => {
      const ws = new WebSocket(`ws://127.0.0.1:${t.port}/v1/${p}/realtime`, {
        headers: bearerHeader(t.keys.live),
      });
      await new Promise((resolve) => ws.once('open', resolve));
      const frame = nextMessage(ws);
      const done = closed(ws);
      ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
      expect(JSON.parse((await frame).data.toString('utf8'))).toMatchObject({
        type: 'error',
        code: 'invalid_json',
      });
      expect((await done).code).toBe(4400);
    },
  );
});

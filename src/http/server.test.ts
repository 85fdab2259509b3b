import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, expressMessageClasses } from './server.js';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('createHttpServer', () => {
  it('makes requests and responses with Express prototypes before Express sees them, and Express still works', async () => {
    const app = express();
    app.post('/echo', express.json(), (req, res) => {
      res
        .status(201)
        .set('X-Seen', req.get('x-probe') ?? '')
        .json({ body: req.body as unknown, path: req.path });
    });
    const server = createHttpServer(
      app,
      (_req, socket) => socket.destroy(),
      () => 'req_test',
    );
    const born: boolean[] = [];
    server.prependListener('request', (req, res) => {
      born.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => server.close());
    const port = (server.address() as AddressInfo).port;

    const res = await fetch(`http://127.0.0.1:${port}/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Probe': 'yes' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-seen')).toBe('yes');
    expect(await res.json()).toEqual({ body: { a: 1 }, path: '/echo' });
    expect(born).toEqual([true]);
  });

  it('gives instances that are still Node messages', () => {
    const app = express();
    const { IncomingMessage: Req, ServerResponse: Res } = expressMessageClasses(app);
    // A request without a socket is what Node's own tests build; it must initialise as an IncomingMessage.
    const req = new Req(null as never);
    const res = new Res(req);
    expect(req.headers).toEqual({});
    expect(res.statusCode).toBe(200);
    expect(typeof res.setHeader).toBe('function');
    expect(Object.getPrototypeOf(req)).toBe(app.request);
    expect(Object.getPrototypeOf(res)).toBe(app.response);
  });
});

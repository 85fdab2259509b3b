/**
 * Per-request faults (`--fault-header`): `X-Emulator-Fault: <kind>; name=value; …` on one /v1 request, or
 * `_emulator_fault` on a WebSocket URL. Off by default; validated like POST /_emulator/faults.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { FAULT_HEADER_MAX } from '../../src/faults/header.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { killAll, runCli } from '../support/cli.js';
import { expectProblem } from '../support/problem.js';
import { openWs, refusedUpgrade } from '../support/ws.js';
import { json, startPair } from '../proxy/support.js';

let t: TestEmulator | undefined;
afterEach(async () => {
  await t?.emulator.close();
  t = undefined;
  await killAll();
});

const start = async (faultHeader?: boolean) => {
  t = await buildEmulator(faultHeader === undefined ? {} : { faultHeader });
  return t;
};

const mint = (e: TestEmulator, fault?: string) => {
  const r = request(e.app).post('/v1/auth/ws-token').set('Authorization', `Bearer ${e.keys.live}`);
  if (fault !== undefined) void r.set('X-Emulator-Fault', fault);
  return r.send({ scopes: ['tts:speak'] });
};

const lastEntry = async (e: TestEmulator) =>
  (await request(e.app).get('/_emulator/requests')).body.requests[0] as Record<string, any>;

describe('off by default', () => {
  it('ignores the header entirely: the answer is normal and the journal has no fault', async () => {
    const e = await start();
    expect((await mint(e, 'error; status=502')).status).toBe(201);
    expect((await mint(e, 'not even; a=kind')).status).toBe(201);
    expect((await lastEntry(e)).fault).toBeNull();
  });
});

describe('with --fault-header', () => {
  it('answers the chosen error for that request only, marked in the journal, without storing a rule', async () => {
    const e = await start(true);
    const failed = await mint(e, 'error; status=502; code=upstream_error; detail="from the header"');
    const problem = expectProblem(failed, 502, 'upstream_error');
    expect(problem.detail).toBe('from the header');
    const entry = await lastEntry(e);
    expect(entry.fault).toMatchObject({ rule_id: 'header', kind: 'error', source: 'header' });
    expect(entry.fault.explanation).toContain('this request only');
    // Nothing stored, no fault id drawn: the next request is normal, and the next stored rule gets the id an
    // emulator of the same seed that never saw the header gives it.
    expect((await mint(e)).status).toBe(201);
    expect((await request(e.app).get('/_emulator/faults')).body.faults).toEqual([]);
    const rule = { kind: 'error', status: 500, times: 1 };
    const stored = await request(e.app).post('/_emulator/faults').send(rule).expect(201);
    const twin = await buildEmulator({ faultHeader: true });
    try {
      const fresh = await request(twin.app).post('/_emulator/faults').send(rule).expect(201);
      expect(stored.body.id).toBe(fresh.body.id);
    } finally {
      await twin.emulator.close();
    }
  });

  it('marks an undocumented status off contract', async () => {
    const e = await start(true);
    expectProblem(await mint(e, 'error; status=418'), 418, 'injected_fault');
    const entry = await lastEntry(e);
    expect(entry.off_contract).toBe(true);
  });

  it('takes the header rule before a stored rule of the same channel', async () => {
    const e = await start(true);
    await request(e.app).post('/_emulator/faults').send({ kind: 'error', status: 500 }).expect(201);
    expectProblem(await mint(e, 'error; status=503'), 503, 'injected_fault');
    expectProblem(await mint(e), 500, 'internal_error');
  });

  it('delays by the latency and resets the connection', async () => {
    const e = await start(true);
    const { baseUrl } = await e.emulator.listen(0);
    const post = (fault: string) =>
      fetch(`${baseUrl}/auth/ws-token`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${e.keys.live}`,
          'Content-Type': 'application/json',
          'X-Emulator-Fault': fault,
        },
        body: JSON.stringify({ scopes: ['tts:speak'] }),
      });
    const started = performance.now();
    expect((await post('latency; latency_ms=150')).status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    const reset = await post('reset').catch(
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
    );
    expect(reset).toBe('ECONNRESET');
  });

  it.each([
    ['meteor', 'kind'],
    ['error; status=502; colour=red', '`colour`'],
    ['error; status=abc', '`status` must be a number'],
    ['error; status=200', 'status'],
    ['error', 'status'],
    ['error; status=502; times=2', '`times` is not allowed'],
    ['error; status=502; match=x', '`match` is not allowed'],
    ['error; status=502; probability=0.5', '`probability` is not allowed'],
    ['error; status=502; ttl_seconds=5', '`ttl_seconds` is not allowed'],
    ['error; status=502; status=503', 'twice'],
    ['webhook_duplicate', 'webhook deliveries'],
    ['error; status', 'name=value'],
    ['', 'fault kind'],
  ])('refuses %j with 422 invalid_fault_header naming the parameter', async (value, named) => {
    const e = await start(true);
    const res = await mint(e, value);
    const problem = expectProblem(res, 422, 'invalid_fault_header');
    expect(problem.detail).toContain(named);
    expect((await mint(e)).status).toBe(201);
  });

  it('says the rule broken, with the value got', async () => {
    const e = await start(true);
    const problem = expectProblem(await mint(e, 'error; status=200'), 422, 'invalid_fault_header');
    // FaultRuleInput: status is an integer from 400 to 599.
    expect(problem.detail).toMatch(/status must be between 400 and 599 \(got 200\)/);
  });

  it('refuses a value longer than the cap before parsing it', async () => {
    const e = await start(true);
    const long = `error; status=502; detail=${'x'.repeat(FAULT_HEADER_MAX)}`;
    const problem = expectProblem(await mint(e, long), 422, 'invalid_fault_header');
    expect(problem.detail).toContain(`at most ${FAULT_HEADER_MAX}`);
  });

  it('stays linear on a hostile value (many separators)', async () => {
    const e = await start(true);
    const hostile = `error; status=502${';'.repeat(FAULT_HEADER_MAX - 20)}`;
    const started = performance.now();
    expectProblem(await mint(e, hostile), 502, 'upstream_error');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('WebSocket', () => {
  const echo = async (e: TestEmulator) => {
    e.emulator.wsHandlers.set('stt.realtime', (ws) =>
      ws.on('message', (m, isBinary) => ws.send(m, { binary: isBinary })),
    );
    const { baseUrl } = await e.emulator.listen(0);
    return baseUrl.replace('http', 'ws');
  };
  const auth = (e: TestEmulator) => ({ Authorization: `Bearer ${e.keys.live}` });

  it('closes the session through the _emulator_fault query parameter, which the journal never shows', async () => {
    const e = await start(true);
    const wsBase = await echo(e);
    const fault = encodeURIComponent('ws_close; close_code=4000; after_frames=2');
    const ws = await openWs(`${wsBase}/stt/realtime?_emulator_fault=${fault}&x=1`, [], auth(e));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('{"type":"start"}');
    expect(await closed).toBe(4000);
    // The journal list has no `kind` filter (an undeclared parameter is refused): the session's entry by kind.
    const entry = (
      (await request(e.app).get('/_emulator/requests')).body.requests as Record<string, any>[]
    ).find((r) => r.kind === 'websocket')!;
    expect(entry.fault).toMatchObject({ kind: 'ws_close', source: 'header' });
    expect(entry.request.query).toEqual({ x: '1' });
  });

  it('adds the fields of an extra_fields header to the session frames, and html_error answers the upgrade', async () => {
    const e = await start(true);
    const wsBase = await echo(e);
    const fault = encodeURIComponent('extra_fields; fields={"x_next":1}');
    const ws = await openWs(`${wsBase}/stt/realtime?_emulator_fault=${fault}`, [], auth(e));
    const frame = new Promise<string>((resolve) =>
      ws.once('message', (m: Buffer) => resolve(m.toString('utf8'))),
    );
    ws.send('{"type":"start"}');
    expect(JSON.parse(await frame)).toEqual({ type: 'start', x_next: 1 });
    ws.close();
    const page = await refusedUpgrade(`${wsBase}/stt/realtime`, [], {
      ...auth(e),
      'X-Emulator-Fault': 'html_error; status=503',
    });
    expect(page.status).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('refuses the upgrade with the header error, and with 422 for an invalid query value', async () => {
    const e = await start(true);
    const wsBase = await echo(e);
    const refusal = await refusedUpgrade(`${wsBase}/stt/realtime`, [], {
      ...auth(e),
      'X-Emulator-Fault': 'error; status=502',
    });
    expectProblem(refusal, 502, 'upstream_error');
    const bad = await refusedUpgrade(
      `${wsBase}/stt/realtime?_emulator_fault=ws_close%3B%20times%3D1`,
      [],
      auth(e),
    );
    expect(expectProblem(bad, 422, 'invalid_fault_header').detail).toContain('`times`');
  });

  it('ignores the query parameter when the option is off', async () => {
    const e = await start();
    const wsBase = await echo(e);
    const fault = encodeURIComponent('ws_close; close_code=4000');
    const ws = await openWs(`${wsBase}/stt/realtime?_emulator_fault=${fault}`, [], auth(e));
    const echoed = new Promise<string>((resolve) =>
      ws.once('message', (m: Buffer) => resolve(m.toString('utf8'))),
    );
    ws.send('{"type":"start"}');
    expect(await echoed).toBe('{"type":"start"}');
    ws.close();
  });
});

describe('the CLI', () => {
  const READY = /^svc-emulator ready at (http:\/\/\S+\/v1) /;
  const minted = async (args: string[], env: Record<string, string> = {}) => {
    const run = runCli(['--port', '0', ...args], env);
    const baseUrl = READY.exec(await run.line(READY))![1];
    const live = (await run.line(/^demo live key: /)).split(': ')[1];
    const res = await fetch(`${baseUrl}/auth/ws-token`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${live}`,
        'Content-Type': 'application/json',
        'X-Emulator-Fault': 'error; status=503',
      },
      body: JSON.stringify({ scopes: ['tts:speak'] }),
    });
    run.child.kill('SIGTERM');
    await run.exited;
    return res.status;
  };

  it('--fault-header and SVC_EMULATOR_FAULT_HEADER=1 turn it on; without them the header is ignored', async () => {
    expect(await minted(['--fault-header'])).toBe(503);
    expect(await minted([], { SVC_EMULATOR_FAULT_HEADER: '1' })).toBe(503);
    expect(await minted([])).toBe(201);
  });
});

describe('proxy mode', () => {
  it('applies the header fault first, and never forwards the header upstream', async () => {
    const pair = await startPair({ faultHeader: true }, { faultHeader: true });
    try {
      const key = pair.upstream.keys.test;
      const post = (fault: string) =>
        fetch(`${pair.proxy.baseUrl}/auth/ws-token`, {
          method: 'POST',
          headers: { ...json(key), 'X-Emulator-Fault': fault },
          body: JSON.stringify({ scopes: ['tts:speak'] }),
        });
      const failed = await post('error; status=502; code=upstream_error');
      expectProblem(
        { status: failed.status, headers: Object.fromEntries(failed.headers), text: await failed.text() },
        502,
        'upstream_error',
      );
      expect(await pair.upstream.emulator.part('journal').list({ path: '/v1/auth/ws-token' })).toHaveLength(
        0,
      );
      // A fault of another channel passes through; the upstream (which would apply it) never sees the header.
      const passed = await post('ws_close; close_code=4000');
      expect(passed.status).toBe(201);
      const upstream = await pair.upstream.emulator.part('journal').list({ path: '/v1/auth/ws-token' });
      expect(upstream).toHaveLength(1);
      expect(upstream[0].request?.headers).toHaveProperty('content-type');
      expect(upstream[0].request?.headers).not.toHaveProperty('x-emulator-fault');
    } finally {
      await pair.close();
    }
  });
});

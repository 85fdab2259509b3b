/**
 * Issue 26: the HTTP fault kinds, seen by a client that really parses (undici fetch + res.json()).
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { compileContract } from '../../src/contract/emulator-contract.js';
import { GATEWAY_DOC_ID } from '../../src/contract/documents.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { refusedUpgrade } from '../support/ws.js';

describe('HTTP fault kinds of the response channel and html_error', () => {
  let t: TestEmulator;
  let baseUrl: string;
  beforeEach(async () => {
    const clock = new Clock({ mode: 'frozen', startAt: Date.parse('2026-06-01T00:00:00Z') });
    t = await buildEmulator({ seed: 'response-kinds' }, { clock });
    ({ baseUrl } = await t.emulator.listen(0));
  });
  afterEach(() => t.emulator.close());

  const addFault = async (body: object) => {
    const res = await request(t.app).post('/_emulator/faults').send(body);
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; off_contract: boolean };
  };
  const mint = () =>
    fetch(`${baseUrl}/auth/ws-token`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.keys.live}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['tts:speak'] }),
    });
  const journalOf = async (ruleId: string) =>
    (await request(t.app).get('/_emulator/requests').query({ fault_rule: ruleId })).body.requests as {
      status: number | null;
      fault: { kind: string } | null;
      off_contract: boolean;
    }[];

  it('html_error answers an HTML page with the rule status that is not problem+json, journaled off contract', async () => {
    const rule = await addFault({ kind: 'html_error', status: 503, times: 1 });
    expect(rule.off_contract).toBe(true);
    const res = await mint();
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await res.text();
    expect(body).toContain('<html>');
    expect(() => JSON.parse(body) as unknown).toThrow();
    const [entry] = await journalOf(rule.id);
    expect(entry).toMatchObject({ status: 503, fault: { kind: 'html_error' }, off_contract: true });
    expect((await mint()).status).toBe(201);
  });

  it('html_error defaults to 502 and answers a WebSocket upgrade with the page', async () => {
    t.emulator.wsHandlers.set('stt.realtime', () => {});
    await addFault({ kind: 'html_error', times: 1, match: { operation: 'stt.realtime' } });
    const refusal = await refusedUpgrade(`${baseUrl.replace('http', 'ws')}/stt/realtime`, [], {
      Authorization: `Bearer ${t.keys.live}`,
    });
    expect(refusal.status).toBe(502);
    expect(refusal.headers['content-type']).toMatch(/^text\/html/);
    expect(refusal.text).toContain('502 Bad Gateway');
  });

  it('truncate_json with the original length ends in a socket error for fetch', async () => {
    const rule = await addFault({ kind: 'truncate_json', times: 1 });
    const res = await mint();
    expect(res.status).toBe(201);
    await expect(res.json()).rejects.toThrow();
    const [entry] = await journalOf(rule.id);
    expect(entry).toMatchObject({ fault: { kind: 'truncate_json' }, off_contract: true });
    expect((await mint()).status).toBe(201);
  });

  it('truncate_json with a truncated length is a whole HTTP message whose JSON does not parse', async () => {
    await addFault({ kind: 'truncate_json', after_bytes: 10, length_header: 'truncated', times: 1 });
    const res = await mint();
    expect(res.headers.get('content-length')).toBe('10');
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBe(10);
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it('empty_body keeps status and headers with an empty body', async () => {
    await addFault({ kind: 'empty_body', times: 1 });
    const res = await mint();
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-length')).toBe('0');
    await expect(res.json()).rejects.toThrow();
  });

  it('wrong_content_type sends the rule content type', async () => {
    await addFault({ kind: 'wrong_content_type', content_type: 'text/xml', times: 1 });
    const res = await mint();
    expect(res.headers.get('content-type')).toBe('text/xml');
    expect(JSON.parse(await res.text())).toHaveProperty('token');
  });

  it('omit_optional answers validate against the schema and lack every optional field', async () => {
    const rule = await addFault({ kind: 'omit_optional', times: 1 });
    expect(rule.off_contract).toBe(false);
    const validate = compileContract().validators.json.compile({
      $ref: `${GATEWAY_DOC_ID}#/components/schemas/WsToken`,
    });
    const doc = compileContract().gatewayDocument;
    const schema = doc.components.schemas.WsToken as { required: string[]; properties: object };
    const body = (await (await mint()).json()) as Record<string, unknown>;
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(body).sort()).toEqual([...schema.required].sort());
    // Without the rule the answer has an optional field the fault left out.
    const whole = (await (await mint()).json()) as Record<string, unknown>;
    expect(Object.keys(whole).length).toBeGreaterThan(schema.required.length);
  });

  it('omit_optional keeps a RAG answer in answer mode, which the schema requires there (if/then), and drops the rest', async () => {
    await addFault({ kind: 'omit_optional', match: { operation: 'rag.search' }, times: 1 });
    const res = await fetch(`${baseUrl}/rag/search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.keys.live}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'إجازة سنوية', mode: 'answer' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['answer', 'mode', 'results']);
    expect(typeof body.answer).toBe('string');
    const validate = compileContract().validators.json.compile({
      $ref: `${GATEWAY_DOC_ID}#/components/schemas/RagSearchResult`,
    });
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('extra_fields adds the rule fields, or the default one, and never overwrites', async () => {
    await addFault({ kind: 'extra_fields', fields: { surprise: { nested: true }, token: 'x' }, times: 1 });
    const body = (await (await mint()).json()) as Record<string, unknown>;
    expect(body.surprise).toEqual({ nested: true });
    expect(body.token).not.toBe('x');
    await addFault({ kind: 'extra_fields', times: 1 });
    const plain = (await (await mint()).json()) as Record<string, unknown>;
    expect(plain).toHaveProperty('x_emulator_extra');
  });

  it('response kinds leave error answers alone', async () => {
    await addFault({ kind: 'empty_body', times: 1 });
    const res = await fetch(`${baseUrl}/auth/ws-token`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(await res.json()).toHaveProperty('code');
    // The rule is still there for the next 2xx.
    expect((await request(t.app).get('/_emulator/faults')).body.faults).toHaveLength(1);
  });
});

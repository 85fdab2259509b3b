/**
 * Isolation matrix (issue 8, "Security and isolation"): for every resource kind and every way to reach it,
 * a key of one organization never sees or changes another organization's data. Each row runs in both
 * directions (A → B and B → A), with the live and the test key of the caller.
 */
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WsHandler } from '../../src/http/context.js';
import { bearer, mintWsToken } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { ofJob, startReceiver, type Receiver } from '../support/receiver.js';
import { refusedUpgrade } from '../support/ws.js';
import { buildTwoOrgs, sineWav, type Tenant, type TwoOrgs } from './support.js';

interface Owned {
  tenant: Tenant;
  /** A word that appears only in this organization's document. */
  marker: string;
  sttJobId: string;
  documentId: string;
  ragJobId: string;
}

let t: TwoOrgs;
let wsBase: string;
const owned: Record<'a' | 'b', Owned> = {} as Record<'a' | 'b', Owned>;

async function makeResources(tenant: Tenant, marker: string): Promise<Owned> {
  // 2 s of audio with a 1 s sync cutoff: a transcription job.
  const stt = await request(t.app)
    .post('/v1/stt/transcriptions')
    .set('Authorization', bearer(tenant.key))
    .attach('file', sineWav(2), { filename: 'tone.wav', contentType: 'audio/wav' });
  expect(stt.status, stt.text).toBe(202);
  const text = `Quarterly report of the ${marker} programme. The ${marker} budget grew and the ${marker} team shipped.`;
  const doc = await request(t.app)
    .post('/v1/rag/documents')
    .set('Authorization', bearer(tenant.key))
    .field('title', `${marker} report`)
    .attach('file', Buffer.from(text), { filename: `${marker}.txt`, contentType: 'text/plain' });
  expect(doc.status, doc.text).toBe(202);
  return {
    tenant,
    marker,
    sttJobId: stt.body.job_id,
    documentId: doc.body.document.document_id,
    ragJobId: doc.body.job.job_id,
  };
}

beforeAll(async () => {
  t = await buildTwoOrgs({ stt: { syncMaxSeconds: 1 } });
  owned.a = await makeResources(t.a, 'zanzibarquokka');
  owned.b = await makeResources(t.b, 'xylophonewombat');
  await t.clock.advance(120_000); // every job (STT and indexing) completes
  // Spies that tell which principal a socket authenticated as; binary frames are outside the contract check.
  const whoAmI: WsHandler = (ws, ctx) =>
    ws.send(Buffer.from(`${ctx.principal.orgId} ${ctx.principal.keyId}`), { binary: true });
  t.emulator.wsHandlers.set('stt.realtime', whoAmI);
  t.emulator.wsHandlers.set('tts.realtime', whoAmI);
  const { port } = await t.emulator.listen(0, '127.0.0.1');
  wsBase = `ws://127.0.0.1:${port}/v1`;
});
afterAll(() => t.emulator.close());

const directions = [
  { caller: 'a', owner: 'b' },
  { caller: 'b', owner: 'a' },
] as const;
const keyKinds = ['key', 'testKey'] as const;

function as(caller: Tenant, kind: (typeof keyKinds)[number]) {
  return caller[kind];
}

/** Analyze waits on the clock: advance it until the request settles. */
async function settle(pending: request.Test): Promise<request.Response> {
  let done: request.Response | undefined;
  const p = pending.then((r) => (done = r));
  while (done === undefined) {
    await new Promise((r) => setImmediate(r));
    await t.clock.advance(1000);
  }
  return p;
}

describe('the isolation matrix: a key of one organization never reaches another organization', () => {
  for (const { caller, owner } of directions) {
    for (const keyKind of keyKinds) {
      const who = `${caller.toUpperCase()}'s ${keyKind === 'key' ? 'live' : 'test'} key → ${owner.toUpperCase()}'s`;

      const lookups: { what: string; method: 'get' | 'delete'; path: (o: Owned) => string; code: string }[] =
        [
          {
            what: 'STT job',
            method: 'get',
            path: (o) => `/v1/stt/jobs/${o.sttJobId}`,
            code: 'job_not_found',
          },
          {
            what: 'RAG document (get)',
            method: 'get',
            path: (o) => `/v1/rag/documents/${o.documentId}`,
            code: 'document_not_found',
          },
          {
            what: 'RAG document (delete)',
            method: 'delete',
            path: (o) => `/v1/rag/documents/${o.documentId}`,
            code: 'document_not_found',
          },
          {
            what: 'RAG job',
            method: 'get',
            path: (o) => `/v1/rag/jobs/${o.ragJobId}`,
            code: 'job_not_found',
          },
        ];
      for (const row of lookups) {
        it(`${who} ${row.what} is 404 ${row.code}, without a trace of it`, async () => {
          const o = owned[owner];
          const agent = request(t.app);
          const res = await agent[row.method](row.path(o)).set(
            'Authorization',
            bearer(as(t[caller], keyKind)),
          );
          expectProblem(res, 404, row.code);
          expect(res.text).not.toContain(o.marker);
          expect(res.text).not.toContain(o.tenant.orgId);
        });
      }

      it(`${who} documents never appear in the caller's list, and the owner still has them`, async () => {
        const o = owned[owner];
        const mine = await request(t.app)
          .get('/v1/rag/documents')
          .set('Authorization', bearer(as(t[caller], keyKind)));
        expect(mine.status).toBe(200);
        const ids = (mine.body.documents as { document_id: string }[]).map((d) => d.document_id);
        expect(ids).toContain(owned[caller].documentId);
        expect(ids).not.toContain(o.documentId);
        expect(mine.text).not.toContain(o.marker);
        // The refused delete above changed nothing for the owner.
        const theirs = await request(t.app)
          .get(`/v1/rag/documents/${o.documentId}`)
          .set('Authorization', bearer(o.tenant.key));
        expect(theirs.status).toBe(200);
        expect(theirs.body.status).toBe('ready');
      });

      for (const mode of ['retrieve', 'answer', 'analyze'] as const) {
        for (const scoped of [false, true]) {
          it(`${who} text never comes back from a ${mode} search${scoped ? ' with document_ids: [its id]' : ''}`, async () => {
            const o = owned[owner];
            const body = { query: o.marker, mode, ...(scoped ? { document_ids: [o.documentId] } : {}) };
            const res = await settle(
              request(t.app)
                .post('/v1/rag/search')
                .set('Authorization', bearer(as(t[caller], keyKind)))
                .send(body),
            );
            expect(res.status, res.text).toBe(200);
            expect(res.body.results.map((r: { document_id: string }) => r.document_id)).not.toContain(
              o.documentId,
            );
            // The marker is the query, so it may be quoted back; it must never appear as found text.
            const found = JSON.stringify({
              results: res.body.results,
              answer: (res.body.answer ?? '').replaceAll(o.marker, ''),
            });
            expect(found).not.toContain(o.marker);
            expect(res.text).not.toContain(o.documentId);
          });
        }
      }
    }
  }

  it('the owner does find its own marker (so the searches above could have found it)', async () => {
    const res = await request(t.app)
      .post('/v1/rag/search')
      .set('Authorization', bearer(t.b.key))
      .send({ query: owned.b.marker });
    expect(res.body.results.map((r: { document_id: string }) => r.document_id)).toContain(owned.b.documentId);
  });
});

describe('ws-tokens authenticate as the organization and key that minted them, only', () => {
  /** Opens a socket and resolves with the first frame the spy sends: "<org id> <key id>". */
  function whoAmI(path: string, protocols: string[], headers?: Record<string, string>): Promise<string> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${wsBase}${path}`, protocols, { headers });
      ws.once('message', (data: Buffer) => {
        ws.close();
        resolve(data.toString());
      });
      ws.once('error', reject);
    });
  }

  for (const path of ['/stt/realtime', '/tts/realtime']) {
    it(`a token minted by A's key opens ${path} as A and A's key`, async () => {
      const scope = path.startsWith('/stt') ? 'stt:transcribe' : 'tts:speak';
      const token = await mintWsToken(t.app, t.a.key, [scope]);
      expect(await whoAmI(path, [token])).toBe(`${t.a.orgId} ${t.a.keyId}`);
    });
  }

  it("a token minted by A's key is not a credential for B: not as a Bearer key, on WebSocket or HTTP", async () => {
    const token = await mintWsToken(t.app, t.a.key, ['stt:transcribe']);
    const refusal = await refusedUpgrade(`${wsBase}/stt/realtime`, [], { Authorization: `Bearer ${token}` });
    expectProblem(
      { status: refusal.status, headers: refusal.headers, text: refusal.text },
      401,
      'malformed_api_key',
    );
    const http = await request(t.app)
      .get(`/v1/stt/jobs/${owned.a.sttJobId}`)
      .set('Authorization', `Bearer ${token}`);
    expectProblem(http, 401, 'malformed_api_key');
    // B's key next to A's token: the Authorization header wins, so the socket is B's, never A's.
    expect(
      await whoAmI('/stt/realtime', [], { Authorization: bearer(t.b.key), 'Sec-WebSocket-Protocol': token }),
    ).toBe(`${t.b.orgId} ${t.b.keyId}`);
  });
});

describe('usage: one organization’s ledger never shows another’s entries', () => {
  it("A's activity appears in A's usage and never in B's, whatever the filter", async () => {
    // A billable call of A now, so A's ledger holds STT, RAG upload, RAG search and TTS entries.
    const tts = await request(t.app)
      .post('/v1/tts')
      .set('Authorization', bearer(t.a.key))
      .send({ text: 'مرحبا', voice: 'ar-SA-noura' });
    expect(tts.status).toBe(200);
    const usage = async (orgId: string, query: Record<string, string> = {}) => {
      const res = await request(t.app)
        .get(`/_emulator/orgs/${orgId}/usage`)
        .query({ limit: '10000', ...query });
      expect(res.status, res.text).toBe(200);
      return res;
    };
    const a = await usage(t.a.orgId);
    const aRequestIds = (a.body.entries as { request_id?: string }[])
      .map((e) => e.request_id)
      .filter(Boolean);
    expect(aRequestIds).toContain(tts.headers['x-request-id']);
    for (const query of [{}, { key_id: t.a.keyId }, { product: 'tts' }, { environment: 'live' }] as Record<
      string,
      string
    >[]) {
      const b = await usage(t.b.orgId, query);
      expect(b.text).not.toContain(t.a.orgId);
      expect(b.text).not.toContain(t.a.keyId);
      for (const id of aRequestIds) expect(b.text).not.toContain(id);
    }
    expect((await usage(t.b.orgId, { key_id: t.a.keyId })).body.entries).toEqual([]);
  });

  it('/v1 has no usage endpoint', async () => {
    for (const path of ['/v1/usage', `/v1/orgs/${t.b.orgId}/usage`, '/v1/billing']) {
      const res = await request(t.app).get(path).set('Authorization', bearer(t.a.key));
      expectProblem(res, 404, 'route_not_found');
    }
  });
});

describe('webhook endpoints: events go only to the endpoints of their own organization', () => {
  let hooksA: Receiver;
  let hooksB: Receiver;
  let endpointA: string;
  let endpointB: string;

  beforeAll(async () => {
    hooksA = await startReceiver();
    hooksB = await startReceiver();
    const events = ['ping', 'job.completed', 'quota.threshold', 'invoice.finalized', 'key.compromised'];
    const register = async (orgId: string, url: string) => {
      const res = await request(t.app)
        .post(`/_emulator/orgs/${orgId}/webhook-endpoints`)
        .send({ url, events });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    // Registering sends a ping to the organization's endpoints.
    const pingA = hooksA.next();
    endpointA = await register(t.a.orgId, hooksA.url);
    await pingA;
    const pingB = hooksB.next();
    endpointB = await register(t.b.orgId, hooksB.url);
    await pingB;
  });
  afterAll(async () => {
    await hooksA.close();
    await hooksB.close();
  });

  async function deliveriesTo(endpointId: string) {
    const res = await request(t.app).get('/_emulator/webhooks/deliveries').query({ endpoint_id: endpointId });
    expect(res.status, res.text).toBe(200);
    return res.body.deliveries as { endpoint_id: string; event: string; url?: string }[];
  }

  it("A's job.completed reaches A's endpoint only; B's reaches B's only", async () => {
    for (const [tenant, mine, other] of [
      [t.a, hooksA, hooksB],
      [t.b, hooksB, hooksA],
    ] as const) {
      const otherBefore = other.received.length;
      const stt = await request(t.app)
        .post('/v1/stt/transcriptions')
        .set('Authorization', bearer(tenant.key))
        .attach('file', sineWav(2), { filename: 'tone.wav', contentType: 'audio/wav' });
      expect(stt.status).toBe(202);
      // The setup's STT jobs may be delivered once these endpoints exist: wait for this job's own.
      const hook = mine.next(ofJob(stt.body.job_id));
      await t.clock.advance(10_000);
      const received = await hook;
      expect(received.json.event).toBe('job.completed');
      expect(received.json.data.job_id).toBe(stt.body.job_id);
      expect(other.received.slice(otherBefore).map((h) => h.json.data?.job_id)).not.toContain(
        stt.body.job_id,
      );
    }
  });

  it("a triggered event of B is delivered to B's endpoint, never to A's", async () => {
    const hook = hooksB.next();
    const aBefore = hooksA.received.length;
    const res = await request(t.app)
      .post('/_emulator/webhooks/trigger')
      .send({ org_id: t.b.orgId, event: 'ping' });
    expect(res.status, res.text).toBeLessThan(300);
    expect((await hook).json.event).toBe('ping');
    expect(hooksA.received.length).toBe(aBefore);
    expect((await deliveriesTo(endpointA)).every((d) => d.endpoint_id === endpointA)).toBe(true);
  });

  it("B cannot delete or list A's endpoint through its own organization", async () => {
    const del = await request(t.app).delete(`/_emulator/orgs/${t.b.orgId}/webhook-endpoints/${endpointA}`);
    expectProblem(del, 404, 'not_found');
    const list = await request(t.app).get(`/_emulator/orgs/${t.b.orgId}/webhook-endpoints`);
    expect(list.body.endpoints.map((e: { id: string }) => e.id)).toEqual([endpointB]);
    const stillThere = await request(t.app).get(`/_emulator/orgs/${t.a.orgId}/webhook-endpoints`);
    expect(stillThere.body.endpoints.map((e: { id: string }) => e.id)).toEqual([endpointA]);
  });
});

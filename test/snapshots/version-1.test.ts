/**
 * Issue 37: the state document's version 2 spells every name in snake_case, and a version 1 document still
 * loads. `fixtures/state-v1.json` was saved by main at c4de558 (the last version 1 writer) with
 * `GET /_emulator/state?include=journal,secrets` after an organization with credits, a live and a test key,
 * TTS and STT calls, a webhook endpoint with a failing delivery, a RAG document, a ws-token, an organization's
 * and a global fault rule, and a sandbox with a clock of its own. Each read below compares what the emulator
 * answers with the value the version 1 file holds under its version 1 name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { documentOf, raw } from './helpers.js';

type Doc = Record<string, any>;

const V1_TEXT = readFileSync(join(import.meta.dirname, 'fixtures', 'state-v1.json'), 'utf8');
const V1 = JSON.parse(V1_TEXT) as Doc;
const ORG = 'org_VR8vkl3o1MgzgVPR';
const SANDBOX_ORG = 'org_fkP1MJYjoQE4HUAr';

const opened: Emulator[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((e) => e.close()));
});

async function fresh(): Promise<{ emulator: Emulator; stateUrl: string }> {
  const emulator = await createEmulator({ seed: 'v1-load', logLevel: 'silent', demoCorpus: false });
  opened.push(emulator);
  const { adminUrl } = await emulator.listen(0, '127.0.0.1');
  return { emulator, stateUrl: `${adminUrl}/state` };
}

/** Every object key of `value` with a capital letter or a hyphen, outside ids (`org_VR8v…`) and header names. */
function nonSnakeKeys(value: unknown, path = '', out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => nonSnakeKeys(v, `${path}/${i}`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const isId = /^[a-z]+_[A-Za-z0-9]+$/.test(k);
      const inHeaders = /\/headers$/.test(path);
      if (!isId && !inHeaders && /[A-Z-]/.test(k)) out.push(`${path}/${k}`);
      nonSnakeKeys(v, `${path}/${k}`, out);
    }
  }
  return out;
}

describe('a version 1 state document', () => {
  it('loads, and every read answers what the file holds under its version 1 names', async () => {
    const { emulator, stateUrl } = await fresh();
    expect(V1.version).toBe(1);
    const put = await raw(stateUrl, 'PUT', { 'Content-Type': 'application/json' }, Buffer.from(V1_TEXT));
    expect(put.status, put.body.toString()).toBe(200);
    expect(JSON.parse(put.body.toString()).org_ids).toEqual(Object.keys(V1.orgs).sort());

    const v1 = V1.orgs[ORG];
    const app = emulator.app;
    const org = (await request(app).get(`/_emulator/orgs/${ORG}`)).body;
    expect(org).toMatchObject({
      name: v1.orgs.org.name,
      rag_entitled: v1.orgs.org.ragEntitled,
      created_at: v1.orgs.org.createdAt,
    });
    expect(org.keys.map((k: Doc) => [k.id, k.created_at])).toEqual(
      v1.orgs.keys.map((k: Doc) => [k.id, k.createdAt]),
    );
    const billing = (await request(app).get(`/_emulator/orgs/${ORG}/billing`)).body;
    expect(billing.balance).toMatchObject({
      balance: v1.billing.balance.balance,
      granted_in_period: v1.billing.balance.grantedInPeriod,
      consumed_in_period: v1.billing.balance.consumedInPeriod,
      period_grant: v1.billing.balance.periodGrant,
    });
    const deliveries = (await request(app).get(`/_emulator/webhooks/deliveries?org_id=${ORG}`)).body;
    expect(deliveries.deliveries.map((d: Doc) => [d.id, d.endpoint_id, d.event_id])).toEqual(
      v1['webhook-deliveries'].deliveries.map((d: Doc) => [d.id, d.endpointId, d.eventId]),
    );
    const rag = (await request(app).get(`/_emulator/orgs/${ORG}/rag`)).body;
    expect(rag.documents).toBe(v1.rag.documents.length);
    expect(rag.pending_jobs).toBe(v1.rag.jobs.filter((j: Doc) => j.status === 'processing').length);
    const faults = (await request(app).get('/_emulator/faults')).body;
    expect(faults.faults.map((r: Doc) => r.id).sort()).toEqual(
      [...v1.faults.rules, ...V1.shared.faults.rules].map((r: Doc) => r.id).sort(),
    );
    const sandbox = V1.orgs[SANDBOX_ORG].sandboxes.sandbox;
    const sbx = await request(app).get(`/_emulator/sandboxes/${sandbox.id}`);
    expect(sbx.status, sbx.text).toBe(200);
    expect(sbx.body.org_id).toBe(SANDBOX_ORG);
    // Version 1's sandbox options held `rag: {entitled, tenant}`; version 2 names them as the org API does.
    expect(sbx.body.options).toMatchObject({
      rag_entitled: sandbox.options.rag.entitled,
      rag: { state: sandbox.options.rag.tenant },
    });
  });

  it('is saved again as version 2, snake_case throughout, and that document loads to the same bytes', async () => {
    const { stateUrl } = await fresh();
    await raw(stateUrl, 'PUT', { 'Content-Type': 'application/json' }, Buffer.from(V1_TEXT));
    const saved = documentOf(await raw(`${stateUrl}?include=journal,secrets`, 'GET'));
    const v2 = JSON.parse(saved.toString()) as Doc;
    expect(v2.version).toBe(2);
    expect(Object.keys(v2.orgs[ORG]).sort()).toEqual(
      Object.keys(V1.orgs[ORG])
        .map((k) => k.replace(/-/g, '_'))
        .sort(),
    );
    expect(nonSnakeKeys(v2)).toEqual([]);
    // The v1 file has camelCase names: the check above can fail.
    expect(nonSnakeKeys(V1).length).toBeGreaterThan(20);

    const second = await fresh();
    const put = await raw(second.stateUrl, 'PUT', { 'Content-Type': 'application/json' }, saved);
    expect(put.status, put.body.toString()).toBe(200);
    const again = documentOf(await raw(`${second.stateUrl}?include=journal,secrets`, 'GET'));
    expect(again.toString()).toBe(saved.toString());
  });

  it("a version 2 document with a version 1 name is refused, naming it and version 2's spelling", async () => {
    const { stateUrl } = await fresh();
    await raw(stateUrl, 'PUT', { 'Content-Type': 'application/json' }, Buffer.from(V1_TEXT));
    const v2 = JSON.parse(documentOf(await raw(stateUrl, 'GET')).toString()) as Doc;
    const org = v2.orgs[ORG].orgs.org;
    org.createdAt = org.created_at;
    delete org.created_at;
    const { stateUrl: other } = await fresh();
    const put = await raw(
      other,
      'PUT',
      { 'Content-Type': 'application/json' },
      Buffer.from(JSON.stringify(v2)),
    );
    expect(put.status).toBe(422);
    const problem = JSON.parse(put.body.toString()) as { code: string; detail: string };
    expect(problem.code).toBe('invalid_state');
    expect(problem.detail).toMatch(new RegExp(`^/orgs/${ORG}/orgs/org/createdAt: .*created_at`));
  });
});

/**
 * The /_emulator flow, written as a test suite writes it against the SDK that @hey-api/openapi-ts generates
 * from openapi/admin.yaml (and the gateway SDK beside it, to see what each admin call changes on /v1). Compiled
 * and run by test/client/generated-sdk.test.ts, like gateway-flow.ts. One step per admin area, in the order a
 * suite meets them; field names are those of openapi/admin.yaml, so a renamed field fails to compile here.
 */
import assert from 'node:assert/strict';
import { createClient, createConfig, type Client } from './admin/client/index.js';
import {
  adminAddFault,
  adminCreateKey,
  adminCreateOrg,
  adminCreateSandbox,
  adminDeleteSandbox,
  adminGetBilling,
  adminGetRequest,
  adminGetSandbox,
  adminGetState,
  adminListFaults,
  adminListRequests,
  adminPutState,
  adminRemoveFault,
  adminRevokeKey,
  adminUpdateBilling,
} from './admin/sdk.gen.js';
import { zProblem as zAdminProblem } from './admin/zod.gen.js';
import { authCreateWsToken } from './gateway/sdk.gen.js';
import { zProblem } from './gateway/zod.gen.js';
import { gateway } from './gateway-flow.js';

export interface Admin {
  client: Client;
  baseUrl: string;
}

export function admin(adminUrl: string, baseUrl: string): Admin {
  return { client: createClient(createConfig({ baseUrl: adminUrl })), baseUrl };
}

/** POST /auth/ws-token with `key`: the status, and the problem's code when it is refused. */
async function mintWithKey(a: Admin, key: string, headers: Record<string, string> = {}) {
  const { response, error } = await authCreateWsToken({
    client: gateway(a.baseUrl, key).client,
    headers,
    body: { scopes: ['tts:speak'] },
  });
  // Without throwOnError the SDK also resolves when fetch itself failed: no response then.
  assert.ok(response, `ws-token: no response (${String(error)})`);
  return { status: response.status, code: error === undefined ? null : zProblem.parse(error).code };
}

/** Organizations and credits: create one, add credits, then set the balance. */
export async function orgAndCredits(a: Admin) {
  const org = await adminCreateOrg({
    client: a.client,
    throwOnError: true,
    body: { name: 'Generated SDK Org', credits: 100 },
  });
  assert.equal(org.response.status, 201);
  const orgId = org.data.id;
  const granted = await adminUpdateBilling({
    client: a.client,
    throwOnError: true,
    path: { id: orgId },
    body: { add_credits: 25 },
  });
  const set = await adminUpdateBilling({
    client: a.client,
    throwOnError: true,
    path: { id: orgId },
    body: { balance: 500 },
  });
  return {
    orgId,
    name: org.data.name,
    afterGrant: granted.data.balance.balance,
    afterSet: set.data.balance.balance,
  };
}

/** Keys: create a live key, use it on /v1, revoke it, and see /v1 refuse it. */
export async function keyLifecycle(a: Admin, orgId: string) {
  const created = await adminCreateKey({
    client: a.client,
    throwOnError: true,
    path: { id: orgId },
    body: { environment: 'live', scopes: ['tts:speak'], name: 'generated-sdk' },
  });
  assert.equal(created.response.status, 201);
  const before = await mintWithKey(a, created.data.key);
  const revoked = await adminRevokeKey({
    client: a.client,
    throwOnError: true,
    path: { keyId: created.data.id },
  });
  const after = await mintWithKey(a, created.data.key);
  return { keyId: created.data.id, key: created.data.key, before, revokedAt: revoked.data.revoked_at, after };
}

/** Faults: a 502 on ws-token for one scope, seen on every call while the rule exists, gone once it is deleted. */
export async function faultRule(a: Admin, key: string) {
  const scope = 'generated-sdk-fault';
  const rule = await adminAddFault({
    client: a.client,
    throwOnError: true,
    body: {
      kind: 'error',
      status: 502,
      code: 'upstream_error',
      match: { operation: 'auth.createWsToken', scope },
    },
  });
  assert.equal(rule.response.status, 201);
  const listed = await adminListFaults({ client: a.client, throwOnError: true });
  const faulted = [await mintWithKey(a, key, { 'X-Emulator-Scope': scope })];
  faulted.push(await mintWithKey(a, key, { 'X-Emulator-Scope': scope }));
  const removed = await adminRemoveFault({
    client: a.client,
    throwOnError: true,
    path: { faultId: rule.data.id },
  });
  const afterRemove = await adminListFaults({ client: a.client, throwOnError: true });
  const healed = await mintWithKey(a, key, { 'X-Emulator-Scope': scope });
  return {
    ruleId: rule.data.id,
    listed: listed.data.faults.map((r) => r.id),
    faulted,
    removedStatus: removed.response.status,
    afterRemove: afterRemove.data.faults.map((r) => r.id),
    healed,
  };
}

/** Journal: the organization's entries, newest first, then one of them by id. */
export async function journal(a: Admin, orgId: string) {
  const list = await adminListRequests({ client: a.client, throwOnError: true, query: { org_id: orgId } });
  const newest = list.data.requests[0];
  assert.ok(newest, 'the organization has journal entries');
  const one = await adminGetRequest({
    client: a.client,
    throwOnError: true,
    path: { id: newest.request_id },
  });
  return {
    operations: list.data.requests.map((r) => r.operation_id),
    one: { requestId: one.data.request_id, orgId: one.data.org_id, status: one.data.status },
    newestId: newest.request_id,
  };
}

/** State: save the organization, change its balance, load the saved document back. */
export async function saveAndLoad(a: Admin, orgId: string) {
  const before = await adminGetBilling({ client: a.client, throwOnError: true, path: { id: orgId } });
  const saved = await adminGetState({ client: a.client, throwOnError: true, query: { org: orgId } });
  assert.equal(saved.data.format, 'svc-emulator-state');
  const usage = saved.data.orgs[orgId]?.billing?.ledger.period_usage ?? {};
  await adminUpdateBilling({
    client: a.client,
    throwOnError: true,
    path: { id: orgId },
    body: { balance: 1 },
  });
  const loaded = await adminPutState({ client: a.client, throwOnError: true, body: saved.data });
  const after = await adminGetBilling({ client: a.client, throwOnError: true, path: { id: orgId } });
  return {
    scope: saved.data.scope,
    usageProducts: Object.keys(usage),
    loadedOrgs: loaded.data.org_ids,
    savedBalance: before.data.balance.balance,
    balance: after.data.balance.balance,
  };
}

/** Sandboxes: create one with its own credits and frozen clock, use its key, delete it, and see it gone. */
export async function sandbox(a: Admin) {
  const created = await adminCreateSandbox({
    client: a.client,
    throwOnError: true,
    body: { credits: 10, clock: { mode: 'frozen', now: '2030-01-01T00:00:00Z' } },
  });
  assert.equal(created.response.status, 201);
  const liveKey = created.data.keys.live.key;
  assert.ok(liveKey, 'the create answer shows the full keys');
  const used = await mintWithKey(a, liveKey);
  const deleted = await adminDeleteSandbox({
    client: a.client,
    throwOnError: true,
    path: { id: created.data.id },
  });
  const gone = await adminGetSandbox({ client: a.client, path: { id: created.data.id } });
  assert.ok(gone.response, 'an answer');
  return {
    id: created.data.id,
    clock: created.data.clock?.now,
    used: used.status,
    deletedStatus: deleted.response.status,
    goneStatus: gone.response.status,
    goneCode: gone.error === undefined ? null : zAdminProblem.parse(gone.error).code,
  };
}

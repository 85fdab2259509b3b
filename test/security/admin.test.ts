/**
 * The admin API behind `--admin-token` (issue 8): every route of openapi/admin.yaml refuses a missing or
 * wrong token and any API key, except the documented open ones; a non-loopback bind without a token warns.
 */
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDocuments } from '../../src/contract/documents.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { killAll, runCli } from '../support/cli.js';
import { expectProblem } from '../support/problem.js';

const ADMIN_TOKEN = 'a-long-admin-token-for-the-security-tests';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** The documented open operations: health, and the dashboard page with its files (the page asks for the token). */
const OPEN = new Set(['admin.health', 'admin.ui', 'admin.uiAsset']);

interface AdminOperation {
  method: (typeof METHODS)[number];
  path: string;
  operationId: string;
}

const operations: AdminOperation[] = Object.entries(
  loadDocuments().admin.paths as Record<string, Record<string, { operationId?: string }>>,
).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({
    method,
    // Dummy ids: the token is checked before anything is looked up.
    path:
      '/_emulator' +
      path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'asset' ? 'app.js' : `dummy_${name}`)),
    operationId: item[method].operationId!,
  })),
);

let t: TestEmulator;
beforeAll(async () => {
  t = await buildEmulator({ adminToken: ADMIN_TOKEN });
});
afterAll(() => t.emulator.close());

function send(op: AdminOperation, headers: Record<string, string>) {
  const req = request(t.app)[op.method](op.path).set(headers);
  return ['post', 'put', 'patch'].includes(op.method) ? req.send({}) : req;
}

describe('with an admin token, every admin route refuses callers without it', () => {
  it('covers every operation of openapi/admin.yaml', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(
      operations
        .filter((op) => OPEN.has(op.operationId))
        .map((op) => op.operationId)
        .sort(),
    ).toEqual([...OPEN].sort());
  });

  const refused = (): [string, Record<string, string>][] => [
    ['no token', {}],
    ['a wrong X-Admin-Token', { 'X-Admin-Token': `${ADMIN_TOKEN}x` }],
    ['a wrong Bearer token', { Authorization: 'Bearer wrong' }],
    ['a token differing in its last character', { 'X-Admin-Token': `${ADMIN_TOKEN.slice(0, -1)}X` }],
    ['an empty X-Admin-Token', { 'X-Admin-Token': '' }],
    ['the token in another scheme', { Authorization: `Basic ${ADMIN_TOKEN}` }],
    ['the live API key as Bearer', { Authorization: `Bearer ${t.keys.live}` }],
    ['the test API key as Bearer', { Authorization: `Bearer ${t.keys.test}` }],
    ['the live API key as X-Admin-Token', { 'X-Admin-Token': t.keys.live }],
    ['the test API key as X-Admin-Token', { 'X-Admin-Token': t.keys.test }],
  ];

  for (const op of operations.filter((o) => !OPEN.has(o.operationId))) {
    it(`${op.method.toUpperCase()} ${op.path} (${op.operationId})`, async () => {
      for (const [what, headers] of refused()) {
        const res = await send(op, headers);
        expect({ what, status: res.status, code: res.body?.code }).toEqual({
          what,
          status: 401,
          code: 'admin_unauthorized',
        });
        expectProblem(res, 401, 'admin_unauthorized');
      }
      // The query string is never read as the admin token.
      const inQuery = await request(t.app)[op.method](
        `${op.path}?admin_token=${ADMIN_TOKEN}&token=${ADMIN_TOKEN}`,
      );
      expect(inQuery.status).toBe(401);
      // With the token, the route is reached (whatever it then answers for dummy ids and an empty body).
      const allowed = await send(op, { 'X-Admin-Token': ADMIN_TOKEN });
      expect(allowed.body?.code).not.toBe('admin_unauthorized');
    });
  }

  for (const op of operations.filter((o) => OPEN.has(o.operationId))) {
    it(`${op.method.toUpperCase()} ${op.path} (${op.operationId}) stays open`, async () => {
      const res = await send(op, {});
      expect(res.status).toBe(200);
    });
  }

  it('an unknown admin route is not a way around the token either', async () => {
    const res = await request(t.app).get('/_emulator/orgs/x/nothing-here');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('org_demo');
  });
});

describe('binding to a non-loopback host', () => {
  afterEach(() => killAll());

  async function run(args: string[]): Promise<string[]> {
    const cli = runCli(['--host', '0.0.0.0', '--port', '0', ...args]);
    await cli.line(/ready at/);
    cli.child.kill('SIGTERM');
    await cli.exited;
    return cli.stderr;
  }

  it('without an admin token prints a warning on stderr', async () => {
    const stderr = await run([]);
    expect(stderr.join('\n')).toMatch(/warning: listening on 0\.0\.0\.0 without --admin-token/);
  });

  it('with --admin-token prints no warning', async () => {
    const stderr = await run(['--admin-token', ADMIN_TOKEN]);
    expect(stderr.join('\n')).not.toMatch(/warning/i);
  });
});

/**
 * The CLI as users run it (`node dist/cli.js`): `svc-emulator state save|load --admin-url`, and `--state FILE`
 * at start (a bad file stops the start naming the file and the field).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient, type AdminClient } from '../../src/client/admin-client.js';
import { killAll, runCli } from '../support/cli.js';

const SERVE = ['--port', '0', '--seed', 'state-cli', '--no-demo-corpus', '--log-level', 'silent'];
let dir: string;
let adminUrl: string;
let admin: AdminClient;

async function serve(extra: string[] = []): Promise<{ adminUrl: string; admin: AdminClient }> {
  const run = runCli([...SERVE, ...extra]);
  const line = await run.line(/^svc-emulator ready at /);
  const url = /\(admin (\S+)\)/.exec(line)![1];
  return { adminUrl: url, admin: createAdminClient({ adminUrl: url }) };
}

/** Runs a subcommand to its end. */
async function cli(args: string[]) {
  const run = runCli(args);
  const { code } = await run.exited;
  return { code, stdout: run.stdout.join('\n'), stderr: run.stderr.join('\n') };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'state-cli-'));
  ({ adminUrl, admin } = await serve());
}, 60_000);
afterAll(async () => {
  await killAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('svc-emulator state save|load', () => {
  it('saves to a file (0600) and to stdout, and loads it back printing what was loaded', async () => {
    const org = await admin.orgs.create({ name: 'CLI org' });
    const file = join(dir, 'saved.json');
    const saved = await cli(['state', 'save', file, '--admin-url', adminUrl]);
    expect(saved).toMatchObject({ code: 0, stderr: '' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(doc).toMatchObject({ format: 'svc-emulator-state', scope: { kind: 'emulator' }, includes: [] });
    expect(Object.keys(doc.orgs)).toContain(org.id);

    const one = await cli([
      'state',
      'save',
      '-',
      '--org',
      org.id,
      '--include',
      'secrets',
      '--admin-url',
      adminUrl,
    ]);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({
      scope: { kind: 'organization', org_id: org.id },
      includes: ['secrets'],
    });

    await admin.reset();
    const loaded = await cli(['state', 'load', file, '--admin-url', adminUrl]);
    expect(loaded.code).toBe(0);
    const result = JSON.parse(loaded.stdout);
    expect(result.scope).toEqual({ kind: 'emulator' });
    expect(result.org_ids).toContain(org.id);
    expect((await admin.orgs.get(org.id)).name).toBe('CLI org');

    // A gzip file loads as it is.
    await admin.orgs.update(org.id, { name: 'changed' });
    const gz = join(dir, 'saved.json.gz');
    writeFileSync(gz, gzipSync(readFileSync(file)));
    expect((await cli(['state', 'load', gz, '--admin-url', adminUrl])).code).toBe(0);
    expect((await admin.orgs.get(org.id)).name).toBe('CLI org');
  });

  it('a refused load exits 1 with the detail and changes nothing; bad usage exits 2', async () => {
    const before = (await admin.orgs.list()).organizations.map((o) => o.id);
    const newer = join(dir, 'newer.json');
    writeFileSync(
      newer,
      JSON.stringify({ format: 'svc-emulator-state', version: 99, scope: { kind: 'emulator' }, orgs: {} }),
    );
    const refused = await cli(['state', 'load', newer, '--admin-url', adminUrl]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused it: 422 unsupported_state_version: .*version/);
    expect((await admin.orgs.list()).organizations.map((o) => o.id)).toEqual(before);

    const missing = await cli(['state', 'load', join(dir, 'nope.json'), '--admin-url', adminUrl]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`cannot read ${join(dir, 'nope.json')}`);
    expect((await cli(['state', 'save', '--admin-url', 'not-a-url'])).code).toBe(2);
    expect((await cli(['state', 'frobnicate', '--admin-url', adminUrl])).code).toBe(2);
    expect(
      (await cli(['state', 'save', '-', '--include', 'keys', '--admin-url', adminUrl])).stderr,
    ).toContain("--include takes journal, secrets (comma-separated); got 'keys'");
    const unknownOrg = await cli(['state', 'save', '-', '--org', 'org_nobody', '--admin-url', adminUrl]);
    expect(unknownOrg.code).toBe(1);
    expect(unknownOrg.stderr).toContain('refused it: 404');
  });
});

describe('--state FILE', () => {
  it('loads the document before the readiness line', async () => {
    const org = await admin.orgs.create({ name: 'Fixture' });
    const file = join(dir, 'fixture.json');
    expect((await cli(['state', 'save', file, '--admin-url', adminUrl])).code).toBe(0);
    const second = await serve(['--state', file]);
    expect((await second.admin.orgs.get(org.id)).name).toBe('Fixture');
  });

  it('a file that cannot load stops the start (exit 2), naming the file and the field', async () => {
    const file = join(dir, 'broken.json');
    const doc = await admin.getState();
    writeFileSync(file, JSON.stringify({ ...doc, scope: { kind: 'galaxy' } }));
    const run = runCli([...SERVE, '--state', file]);
    expect((await run.exited).code).toBe(2);
    expect(run.stderr.join('\n')).toMatch(new RegExp(`^svc-emulator: --state ${file}: .*/scope/kind`));
    expect(run.stdout.some((l) => l.startsWith('svc-emulator ready'))).toBe(false);

    const missing = runCli([...SERVE, '--state', join(dir, 'absent.json')]);
    expect((await missing.exited).code).toBe(2);
    expect(missing.stderr.join('\n')).toContain(`--state ${join(dir, 'absent.json')}: cannot read it`);

    const cluster = runCli([
      ...SERVE,
      '--state',
      file,
      '--instances',
      '2',
      '--store',
      'redis://127.0.0.1:1/0',
    ]);
    expect((await cluster.exited).code).toBe(2);
    expect(cluster.stderr.join('\n')).toContain('--state works with one instance');
  });
});

/**
 * `--persist DIR` through the CLI: SIGTERM writes DIR/state.json (and no temporary file stays), the periodic
 * save writes it while running, and a restarted emulator carries on: the balance is the one it stopped with, a
 * running STT job completes at its due time and a pending webhook retry is sent at its `next_attempt`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient, type AdminClient } from '../../src/client/admin-client.js';
import { MIN_JOB_SECONDS } from '../../src/stt/service.js';
import { killAll, runCli, type CliRun } from '../support/cli.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { TEXT_EN, speech, wav } from '../stt/support.js';

let dir: string;
let receiver: Receiver;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'persist-cli-'));
  receiver = await startReceiver();
}, 60_000);
afterEach(() => killAll());
afterAll(async () => {
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Started {
  run: CliRun;
  admin: AdminClient;
  baseUrl: string;
  keys: { org_id: string; keys: { live: string } };
}

async function start(args: string[]): Promise<Started> {
  const keysFile = join(dir, `keys-${Math.random().toString(36).slice(2)}.json`);
  const run = runCli([
    '--port',
    '0',
    '--no-demo-corpus',
    '--log-level',
    'silent',
    '--keys-file',
    keysFile,
    ...args,
  ]);
  const line = await run.line(/^svc-emulator ready at /);
  const adminUrl = /\(admin (\S+)\)/.exec(line)![1];
  return {
    run,
    admin: createAdminClient({ adminUrl }),
    baseUrl: adminUrl.replace(/\/_emulator$/, '/v1'),
    keys: JSON.parse(readFileSync(keysFile, 'utf8')),
  };
}

async function stop(s: Started): Promise<number | null> {
  s.run.child.kill('SIGTERM');
  return (await s.run.exited).code;
}

describe('--persist DIR', () => {
  it('SIGTERM writes DIR/state.json atomically; the next start loads it', async () => {
    const persist = join(dir, 'sigterm');
    const first = await start(['--seed', 'persist-cli', '--persist', persist, '--persist-interval', '0']);
    expect(existsSync(join(persist, 'state.json'))).toBe(false); // interval 0: nothing until shutdown
    const org = await first.admin.orgs.create({ name: 'kept across restarts' });
    expect(await stop(first)).toBe(0);
    expect(readdirSync(persist)).toEqual(['state.json']);

    const second = await start(['--seed', 'persist-cli', '--persist', persist]);
    expect((await second.admin.orgs.get(org.id)).name).toBe('kept across restarts');
    expect(await stop(second)).toBe(0);
  });

  it("a start removes the temporary file of a save whose process is gone, and keeps a live writer's (issue 37)", async () => {
    const persist = join(dir, 'stale');
    mkdirSync(persist);
    // A process that has exited: its pid is what a save killed with SIGKILL leaves in the name.
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    const stale = `state.json.tmp-${gone.pid}`;
    writeFileSync(join(persist, stale), Buffer.alloc(256 * 1024, 0x20));
    // This test's own process is alive: another emulator sharing the folder, in the middle of its save.
    const live = `state.json.tmp-${process.pid}`;
    writeFileSync(join(persist, live), '{"format":');
    const first = await start(['--seed', 'persist-cli', '--persist', persist, '--persist-interval', '0']);
    expect(readdirSync(persist)).toEqual([live]);
    expect(await stop(first)).toBe(0);
    expect(readdirSync(persist).sort()).toEqual(['state.json', live]);
    expect(first.run.stderr).toContain(
      `svc-emulator: --persist: removed ${join(persist, stale)}, left by a save whose process is gone`,
    );
  });

  it('saves every --persist-interval seconds while running', async () => {
    const persist = join(dir, 'interval');
    const first = await start(['--seed', 'persist-cli', '--persist', persist, '--persist-interval', '0.2']);
    const written = new Promise<void>((resolve) => {
      const watcher = watch(persist, (_event, name) => {
        if (name === 'state.json') {
          watcher.close();
          resolve();
        }
      });
      if (existsSync(join(persist, 'state.json'))) resolve();
    });
    await written;
    expect(existsSync(join(persist, 'state.json'))).toBe(true);
    expect(await stop(first)).toBe(0);
  });

  it('a restarted emulator carries on: the balance and a running STT job', async () => {
    await carriesOn({ webhook: false });
  });

  it('a restarted emulator carries on: a pending webhook retry is sent at its time', async () => {
    await carriesOn({ webhook: true });
  });

  async function carriesOn({ webhook }: { webhook: boolean }): Promise<void> {
    const persist = join(dir, webhook ? 'continuity-webhook' : 'continuity');
    const config = join(dir, 'stt.json');
    writeFileSync(config, JSON.stringify({ stt: { syncMaxSeconds: 2 } }));
    const args = [
      ...[
        '--seed',
        'persist-continuity',
        '--persist',
        persist,
        '--persist-interval',
        '0',
        '--config',
        config,
      ],
      '--clock-start',
      '2030-01-01T00:00:00Z',
      ...(webhook ? ['--webhook-url', receiver.url] : []),
    ];
    receiver.respond = () => 500;
    const first = await start(args);
    const orgId = first.keys.org_id;
    await first.admin.clock.freeze();
    await first.admin.billing.update(orgId, { balance: 4321 });
    let failed: Awaited<ReturnType<AdminClient['webhooks']['waitFor']>> | undefined;
    if (webhook) {
      await first.admin.webhooks.trigger({ org_id: orgId, event: 'ping' });
      failed = await first.admin.webhooks.waitFor({ event: 'ping', min_attempts: 1 });
      expect(failed.status).not.toBe('delivered');
    }
    const form = new FormData();
    form.append('file', new Blob([wav(speech(TEXT_EN))]), 'a.wav');
    const submitted = await fetch(`${first.baseUrl}/stt/transcriptions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.keys.keys.live}` },
      body: form,
    });
    expect(submitted.status).toBe(202);
    const jobId = ((await submitted.json()) as { job_id: string }).job_id;
    const balance = (await first.admin.billing.get(orgId)).balance.balance;
    expect(await stop(first)).toBe(0);

    receiver.respond = () => 200;
    const second = await start(args);
    const job = async () =>
      (await (
        await fetch(`${second.baseUrl}/stt/jobs/${jobId}`, {
          headers: { Authorization: `Bearer ${second.keys.keys.live}` },
        })
      ).json()) as { status: string };
    expect((await second.admin.billing.get(orgId)).balance.balance).toBe(balance);
    expect((await job()).status).not.toBe('completed');
    if (failed) {
      const pending = await second.admin.webhooks.delivery(failed.id);
      expect(pending.attempts).toHaveLength(failed.attempts.length);
    }

    // Nothing moves until the (frozen, persisted) clock passes the due times; then both run.
    await second.admin.clock.advance(Math.max(MIN_JOB_SECONDS, 3600));
    expect((await job()).status).toBe('completed');
    if (failed) {
      const delivered = await second.admin.webhooks.waitFor({ event: 'ping', status: 'delivered' });
      expect(delivered.id).toBe(failed.id);
    }
    expect(await stop(second)).toBe(0);
  }
});

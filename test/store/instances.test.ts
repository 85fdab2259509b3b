/** `--store` and `--instances` at start: a clear refusal without a shared store or Redis, N processes on one port with it. */
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killAll, runCli } from '../support/cli.js';
import { freePort, startRedis, type TestRedis } from '../support/redis.js';

let redis: TestRedis;

beforeAll(async () => {
  redis = await startRedis();
});
afterEach(killAll);
afterAll(async () => {
  await redis?.stop();
});

/** GET on a fresh connection each time (no keep-alive), so the cluster hands each to a worker in turn. */
function getFresh(url: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { Connection: 'close' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    req.once('error', reject);
    // A connection handed to a worker at the moment it is killed gets no answer: give up on it and ask again.
    req.setTimeout(2000, () => req.destroy(new Error('no answer within 2 s')));
    req.end();
  });
}

describe('--instances', () => {
  it('refuses N > 1 with the memory store: a message naming the fix, exit 2', async () => {
    const run = runCli(['--instances', '2', '--port', '0']);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.stderr.join('\n')).toMatch(
      /--instances 2 needs a shared store.*--store redis:\/\/HOST:PORT\/DB/,
    );
    expect(run.stdout).toEqual([]);
  });

  it(
    'with Redis serves N processes on one port: fresh connections reach both instances; a dead one is restarted',
    { timeout: 60_000 },
    async () => {
      const run = runCli([
        '--instances',
        '2',
        '--store',
        redis.url,
        '--port',
        '0',
        '--instance-id',
        'web',
        '--no-demo-corpus',
      ]);
      const ready = await run.line(/^svc-emulator ready at /);
      expect(ready).toMatch(new RegExp(`store ${redis.url.replace(/[/.]/g, '\\$&')} instances 2$`));
      const admin = /\(admin (\S+)\)/.exec(ready)![1];
      const seen = new Set<string>();
      const deadline = Date.now() + 10_000;
      while (seen.size < 2 && Date.now() < deadline)
        seen.add(((await getFresh(`${admin}/health`)) as { instance_id: string }).instance_id);
      expect([...seen].sort()).toEqual(['web-1', 'web-2']);
      const health = (await getFresh(`${admin}/health`)) as { instances: { id: string; pid: number }[] };
      expect(health.instances.map((i) => i.id)).toEqual(['web-1', 'web-2']);

      // A worker that dies is started again under the same instance id.
      const first = health.instances.find((i) => i.id === 'web-1')!;
      process.kill(first.pid, 'SIGKILL');
      let pid = first.pid;
      const restartDeadline = Date.now() + 15_000;
      while (pid === first.pid && Date.now() < restartDeadline) {
        const now = (await getFresh(`${admin}/health`).catch(() => null)) as typeof health | null;
        pid = now?.instances.find((i) => i.id === 'web-1')?.pid ?? pid;
      }
      expect(pid).not.toBe(first.pid);
      expect(run.stderr.join('\n')).toContain('instance web-1 exited (SIGKILL); starting it again');

      run.child.kill('SIGTERM');
      expect(await run.exited).toEqual({ code: 0, signal: null });
    },
  );
});

describe('--store', () => {
  it('an unreachable Redis at start is a clear start-up error (exit 1), not a hang', async () => {
    const port = await freePort();
    const run = runCli(['--store', `redis://127.0.0.1:${port}/0`, '--port', '0']);
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr.join('\n')).toMatch(
      new RegExp(
        `cannot use the state store redis://127\\.0\\.0\\.1:${port}/0: .*ECONNREFUSED.*start Redis or fix --store`,
      ),
    );
  });

  it('a --store that is neither memory nor a redis:// URL is refused (exit 2)', async () => {
    const run = runCli(['--store', 'postgres://127.0.0.1/x']);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.stderr.join('\n')).toContain(
      "--store must be memory or redis://HOST:PORT/DB (got the scheme 'postgres:')",
    );
  });
});

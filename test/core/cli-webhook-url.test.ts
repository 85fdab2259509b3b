/**
 * Issue 12: `--webhook-url` is validated at start like the admin API validates an endpoint URL (exit 2 with a
 * message), and on success the endpoint's id and signing secret follow the readiness line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, runCli } from '../support/cli.js';
import { startReceiver } from '../support/receiver.js';

afterEach(killAll);

describe('--webhook-url', () => {
  it.each([
    ['notaurl', 'must be an absolute http:// or https:// URL'],
    ['ftp://127.0.0.1/hooks', 'must use http or https'],
    ['http://user:pw@127.0.0.1/hooks', 'must not contain a user name or password'],
    ['http://127.0.0.1:99999/hooks', 'must have a port from 1 to 65535'],
  ])('%s → exit 2 with a message naming the rule', async (url, rule) => {
    const run = runCli(['--port', '0', '--webhook-url', url]);
    expect((await run.exited).code).toBe(2);
    expect(run.stderr.join('\n')).toContain(`--webhook-url ${rule}`);
    expect(run.stdout).toEqual([]);
  });

  it('prints the endpoint id and signing secret after the readiness line, and the endpoint receives events', async () => {
    const receiver = await startReceiver();
    try {
      const run = runCli(['--port', '0', '--webhook-url', receiver.url]);
      const ready = await run.line(/^svc-emulator ready at /);
      const line = await run.line(/^webhook endpoint: /);
      const [, id, secret] = /^webhook endpoint: (we_\w+) secret: (whsec_\w+)$/.exec(line) ?? [];
      expect(id).toBeDefined();
      expect(run.stdout.indexOf(line)).toBeGreaterThan(run.stdout.indexOf(ready));

      const adminUrl = /\(admin (\S+)\)/.exec(ready)![1];
      const endpoints = (await (await fetch(`${adminUrl}/orgs/org_demo/webhook-endpoints`)).json()) as {
        endpoints: { id: string; secret: string }[];
      };
      expect(endpoints.endpoints).toEqual([expect.objectContaining({ id, secret })]);
      const next = receiver.next();
      await fetch(`${adminUrl}/webhooks/trigger`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ org_id: 'org_demo', event: 'ping' }),
      });
      expect((await next).json.event).toBe('ping');
    } finally {
      await receiver.close();
    }
  });

  it('--signature-time accepts wall or clock only', async () => {
    const run = runCli(['--port', '0', '--signature-time', 'server']);
    expect((await run.exited).code).toBe(2);
    expect(run.stderr.join('\n')).toContain("--signature-time must be wall or clock (got 'server')");
  });
});

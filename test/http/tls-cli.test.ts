/**
 * Issue 26, TLS through the CLI as a user starts it: `--tls` prints the https readiness line and, on the line
 * after it, the CA file to trust; a client given that file (curl's --cacert; here node:https with `ca`) is served, and `--tls-cert` without `--tls-key` exits 2 naming the missing option.
 */
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { get } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, runCli } from '../support/cli.js';

afterEach(killAll);

function status(url: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { ca }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).once('error', reject);
  });
}

describe('svc-emulator --tls', () => {
  it('prints an https readiness line, then the CA file, which a verifying client trusts', async () => {
    const run = runCli(['--port', '0', '--tls']);
    const ready = await run.line(/^svc-emulator ready at /);
    const base = /ready at (https:\/\/127\.0\.0\.1:\d+\/v1)/.exec(ready)![1];
    const caFile = /^tls CA file: (\S+)/.exec(await run.line(/^tls CA file: /))![1];
    expect(existsSync(caFile)).toBe(true);
    const ca = readFileSync(caFile, 'utf8');
    expect(new X509Certificate(ca).ca).toBe(true);
    expect(await status(base.replace('/v1', '/_emulator/health'), ca)).toBe(200);
  });

  it('--tls-cert without --tls-key exits 2 naming --tls-key', async () => {
    const run = runCli(['--port', '0', '--tls-cert', '/nonexistent/cert.pem']);
    const { code } = await run.exited;
    expect(code).toBe(2);
    expect(run.stderr.join('\n')).toContain('--tls-key');
  });
});

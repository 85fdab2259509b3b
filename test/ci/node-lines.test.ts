/**
 * Issue 38: the supported Node.js lines are written once in .ci/node/versions (the releases CI tests), and
 * package.json's `engines`, the library's SUPPORTED_NODE_LINES and the README say the same. A line past its end
 * of life is refused at start, by the CLI (one line, exit code 1, `--version` still answers) and the library.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEmulator, SUPPORTED_NODE_LINES, UnsupportedNodeError, VERSION } from '../../src/index.js';
import { assertSupportedNode, unsupportedNode } from '../../src/core/runtime.js';
import { pinnedNodes } from '../support/node-versions.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  engines: { node: string };
};
const pinned = pinnedNodes();

describe('the supported Node.js lines', () => {
  it('.ci/node/versions pins one release per line, with its integrity, and roles for the suite, smoke and image', () => {
    expect(pinned.length).toBeGreaterThan(0);
    for (const p of pinned) {
      expect(p.version.startsWith(`${p.line}.`), `${p.version} is on line ${p.line}`).toBe(true);
      expect(p.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    }
    // Every line gets the smoke test; the suite runs on the oldest line and on 24; the image on the newest.
    expect(pinned.every((p) => p.roles.includes('smoke'))).toBe(true);
    const lines = pinned.map((p) => p.line);
    const suite = pinned.filter((p) => p.roles.includes('suite')).map((p) => p.line);
    expect(suite).toContain(Math.min(...lines));
    expect(suite).toContain(24);
    expect(pinned.filter((p) => p.roles.includes('image')).map((p) => p.line)).toEqual([Math.max(...lines)]);
  });

  it('engines names exactly the tested releases, each line from its pinned release on', () => {
    expect(pkg.engines.node).toBe(pinned.map((p) => `^${p.version}`).join(' || '));
    expect([...SUPPORTED_NODE_LINES]).toEqual(pinned.map((p) => p.line));
  });

  it('the README names the supported lines and the recommended one', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const names = pinned
      .map((p) => p.line)
      .join(', ')
      .replace(/, (\d+)$/, ' and $1');
    expect(readme).toContain(`Node.js ${names}`);
    expect(readme).toMatch(/recommended[^.]*Node\.js \d+/i);
  });

  it('refuses a line past its end of life with the supported lines and the date, and accepts the supported ones', () => {
    const message = unsupportedNode('20.20.2');
    expect(message).toBe(
      `svc-emulator ${pkg.version} runs on Node.js 22, 24 or 26 (the maintained LTS lines); this is Node.js ` +
        'v20.20.2, which reached its end of life on 2026-04-30. Install a supported line (svc-emulator 0.1.x is ' +
        'the last release that runs on Node.js 20).',
    );
    expect(unsupportedNode('18.20.8')).toMatch(/v18\.20\.8, which reached its end of life on 2025-04-30/);
    expect(unsupportedNode('16.0.0')).toMatch(/v16\.0\.0, a line past its end of life/);
    for (const p of pinned) expect(unsupportedNode(p.version)).toBeUndefined();
    // A line newer than the pinned ones (or an odd one between them) is not refused.
    expect(unsupportedNode('27.0.0')).toBeUndefined();
    expect(unsupportedNode('23.11.1')).toBeUndefined();
    expect(() => assertSupportedNode('20.19.0')).toThrow(UnsupportedNodeError);
    expect(VERSION).toBe(pkg.version);
  });

  it('the library starts on this (supported) line', async () => {
    const emulator = await createEmulator({ demoCorpus: false, logLevel: 'silent' });
    await emulator.close();
  });

  it('the CLI prints its version from package.json', () => {
    const out = execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), '--version'], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe(`svc-emulator ${pkg.version}`);
  });

  // The machines this project runs on come with Node.js 20 (/usr/bin/node): the built CLI is run with it.
  const old = ['/usr/bin/node', '/usr/local/bin/node']
    .map((bin) => ({ bin, version: spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() }))
    .find((n) => n.version && Number(n.version.slice(1).split('.')[0]) < SUPPORTED_NODE_LINES[0]);
  if (!old)
    console.warn('test/ci/node-lines.test.ts: no Node.js older than 22 here; the CLI refusal is not run');

  it.skipIf(!old)(
    'the CLI refuses an old line at start with one line and exit code 1; --version still answers',
    () => {
      const cli = join(ROOT, 'dist', 'cli.js');
      const refused = spawnSync(old!.bin, [cli, '--port', '0'], { encoding: 'utf8', timeout: 20_000 });
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.trim()).toBe(unsupportedNode(old!.version.slice(1)));
      const version = spawnSync(old!.bin, [cli, '--version'], { encoding: 'utf8', timeout: 20_000 });
      expect(version.status).toBe(0);
      expect(version.stdout.trim()).toBe(`svc-emulator ${pkg.version}`);
    },
  );

  it.skipIf(!old)('npm test on an old line stops at once, naming the lines and how to get one', () => {
    const run = spawnSync(old!.bin, [join(ROOT, 'scripts', 'check-node.mjs')], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`the suite runs on Node.js ${pinned.map((p) => p.line).join(', ')}`);
    expect(run.stderr).toContain('export PATH="$(.ci/node/install.sh 24):$PATH"');
    // On this (supported) line it passes silently.
    const ok = spawnSync(process.execPath, [join(ROOT, 'scripts', 'check-node.mjs')], { encoding: 'utf8' });
    expect([ok.status, ok.stderr]).toEqual([0, '']);
  });
});

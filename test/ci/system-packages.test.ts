/**
 * Issue 38: every system tool the suite uses comes from one list, .ci/packages, which .ci/run installs and the
 * README points to. The test finds the programs the test code starts (spawn, execFile… with a literal name, on
 * one line or the next) and the tools the run examples call, and fails naming any that no listed package
 * provides, so a test that starts a new tool cannot land without its install step.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const listed = new Set(
  readFileSync(join(ROOT, '.ci', 'packages'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split(/\s+/)[0]),
);

/** The Debian package that provides each program; `base` for what every machine has (Node.js, npm, coreutils). */
const PROVIDER: Record<string, string> = {
  node: 'base',
  npm: 'base',
  bash: 'base',
  sh: 'base',
  tar: 'base',
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffmpeg',
  'redis-server': 'redis-server',
  'redis-cli': 'redis-server', // redis-server depends on redis-tools
  podman: 'podman',
  git: 'git',
  jq: 'jq',
  curl: 'curl',
  chromium: 'chromium',
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the system packages', () => {
  it('.ci/run installs the list, and the README points to it', () => {
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toContain('.ci/packages');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('[`.ci/packages`](.ci/packages)');
  });

  it('every program the test code starts, and the examples call, comes from a listed package', () => {
    const started = new Set<string>();
    const call =
      /\b(?:spawn|spawnSync|execFile|execFileSync|exec|run|runCommand)\(\s*'([a-z][a-z0-9-]*)'|\bCHROMIUM = '\/usr\/bin\/(chromium)'/g;
    for (const file of [...files(join(ROOT, 'test')), ...files(join(ROOT, 'src'))]) {
      for (const m of readFileSync(file, 'utf8').matchAll(call)) started.add(m[1] ?? m[2]);
    }
    // The README's and docs' shell examples run as written (test/docs/examples.test.ts): the tools they call.
    const docs = [
      join(ROOT, 'README.md'),
      ...readdirSync(join(ROOT, 'docs')).map((f) => join(ROOT, 'docs', f)),
    ];
    for (const doc of docs) {
      const text = readFileSync(doc, 'utf8');
      for (const fence of text.matchAll(/```(?:sh|bash)\n([^]*?)```/g)) {
        for (const tool of ['jq', 'curl', 'ffmpeg', 'redis-cli']) {
          if (new RegExp(`(^|[|;&(\\s])${tool}\\s`, 'm').test(fence[1])) started.add(tool);
        }
      }
    }
    // The scan finds what the suite is known to start (it would find nothing if the patterns broke).
    for (const known of ['ffmpeg', 'ffprobe', 'redis-server', 'podman', 'bash', 'chromium', 'jq', 'curl'])
      expect(started, known).toContain(known);
    const unprovided = [...started].filter((p) => PROVIDER[p] === undefined);
    expect(
      unprovided,
      'programs with no entry in PROVIDER: add the Debian package to .ci/packages too',
    ).toEqual([]);
    const unlisted = [...started].filter((p) => PROVIDER[p] !== 'base' && !listed.has(PROVIDER[p]));
    expect(unlisted, 'programs whose package .ci/packages does not list').toEqual([]);
  });
});

/**
 * Consumer smoke test (issue 14): the package as an integrator gets it. `npm pack`, install the tarball into a
 * fresh project, compile a strict TypeScript file against it (no skipLibCheck; node16 and bundler resolution),
 * run a node:test file with the library, and run the container's start and health-check steps.
 *
 * The install is offline: npm would place the package and its declared `dependencies` at the top of
 * node_modules, so the test does exactly that, linking each declared dependency to the copy already installed
 * in this repository. A runtime import of an undeclared or dev-only package fails here, as it would for a user.
 */
import { execFile, spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  copyFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  version: string;
};
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
// The child processes must not inherit the suite's own settings (contract self-check, coverage).
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith('SVC_EMULATOR_') && !k.startsWith('VITEST')),
);

let project: string;
let packed: string;
let entries: string[];
let packedBytes: number;
let unpackedBytes: number;

/** The packed package into `dir`, with what it declares (and `extra`) at the top of node_modules, as npm puts them. */
async function install(dir: string, extra: string[] = []): Promise<void> {
  const target = join(dir, 'node_modules', 'svc-emulator');
  mkdirSync(target, { recursive: true });
  await run('tar', ['-xzf', packed, '-C', target, '--strip-components=1']);
  // The consumer's own dev dependency for Node types; the rest is what the package declares.
  for (const dep of [...Object.keys(pkg.dependencies), '@types/node', ...extra]) {
    const link = join(dir, 'node_modules', dep);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(realpathSync(join(ROOT, 'node_modules', dep)), link, 'dir');
  }
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
}

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'svc-consumer-'));
  // global-setup ran `npm run build` (scripts/build.mjs), as `prepack` does: the package is packed from that
  // dist/. Building again here emptied dist/chunks/ under the CLI tests running beside this file.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project], {
    cwd: ROOT,
    env: cleanEnv,
  });
  const info = JSON.parse(stdout) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  packed = join(project, info[0].filename);
  packedBytes = info[0].size;
  unpackedBytes = info[0].unpackedSize;
  entries = info[0].files.map((f) => f.path);

  await install(project);
  copyFileSync(join(ROOT, 'test', 'package', 'consumer', 'consumer.ts'), join(project, 'consumer.ts'));
  copyFileSync(
    join(ROOT, 'test', 'package', 'consumer', 'consumer.test.mjs'),
    join(project, 'consumer.test.mjs'),
  );
  const strict = {
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    target: 'ES2022',
    lib: ['ES2023'],
    types: ['node'],
  };
  writeFileSync(
    join(project, 'tsconfig.node16.json'),
    JSON.stringify({
      compilerOptions: { ...strict, module: 'node16', moduleResolution: 'node16' },
      files: ['consumer.ts'],
    }),
  );
  writeFileSync(
    join(project, 'tsconfig.bundler.json'),
    JSON.stringify({
      compilerOptions: { ...strict, module: 'preserve', moduleResolution: 'bundler' },
      files: ['consumer.ts'],
    }),
  );
}, 120_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

async function exitCode(
  args: string[],
  env: Record<string, string> = {},
  cwd = project,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...cleanEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

describe('the packed package', () => {
  it('ships dist, the documents, fixtures, ui, LICENSE and CHANGELOG; nothing for development', () => {
    expect(entries).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'package.json',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/testing.js',
        'dist/testing.d.ts',
        'dist/cli.js',
        'dist/healthcheck.js',
        'openapi/admin.yaml',
        'fixtures/scenarios/upstream-outage.json',
        'ui/index.html',
      ]),
    );
    // Nothing for development: no sources, tests or their fixtures, benches, CI or container scripts, source
    // maps or build info. fixtures/ ships what the emulator reads (demo corpus, voices, scenarios), not the
    // labelled search queries the tests and benches use.
    expect(
      entries.filter(
        (e) =>
          e.endsWith('.map') ||
          e.endsWith('.tsbuildinfo') ||
          e.includes('.test.') ||
          /^(src|test|bench|scripts|container|docs|\.ci|\.doc-examples|coverage|node_modules)\//.test(e) ||
          e === 'fixtures/rag/queries.json',
      ),
    ).toEqual([]);
    // Only these top-level entries, and the changelog beside the README.
    expect([...new Set(entries.map((e) => e.split('/')[0]))].sort()).toEqual([
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'dist',
      'fixtures',
      'openapi',
      'package.json',
      'ui',
    ]);
    console.log(
      `test/package/consumer.test.ts: ${basename(packed)} is ${(packedBytes / 1e6).toFixed(2)} MB packed, ` +
        `${(unpackedBytes / 1e6).toFixed(2)} MB unpacked, ${entries.length} files`,
    );
    // A bound that catches a folder shipped by mistake (docs/benchmarks.md has the measured size).
    expect(packedBytes).toBeLessThan(4e6);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    // A production install (`npm ci --omit=dev`, a git dependency) runs no build: it happens in prepack.
    expect(manifest.scripts.prepare).toBeUndefined();
    expect(manifest.scripts.prepack).toMatch(/build/);
  });

  it('compiles a strict consumer without skipLibCheck under node16 and bundler resolution', async () => {
    const [node16, bundler] = await Promise.all([
      exitCode([TSC, '-p', 'tsconfig.node16.json']),
      exitCode([TSC, '-p', 'tsconfig.bundler.json']),
    ]);
    expect(node16.output).toBe('');
    expect(node16.code).toBe(0);
    expect(bundler.output).toBe('');
    expect(bundler.code).toBe(0);
  }, 120_000);

  it('compiles and loads svc-emulator/testcontainers where its optional peer is installed, and names the peer where not', async () => {
    const load =
      "const m = await import('svc-emulator/testcontainers'); new m.SvcEmulatorContainer('svc-emulator:test').withSeed('ci');";
    const without = await exitCode(['--input-type=module', '-e', load]);
    expect(without.code).not.toBe(0);
    expect(without.output).toMatch(/Cannot find package 'testcontainers'/);

    const withPeer = mkdtempSync(join(tmpdir(), 'svc-consumer-tc-'));
    try {
      await install(withPeer, ['testcontainers']);
      copyFileSync(
        join(ROOT, 'test', 'package', 'consumer', 'testcontainers-consumer.ts'),
        join(withPeer, 'testcontainers-consumer.ts'),
      );
      writeFileSync(
        join(withPeer, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            skipLibCheck: false,
            noEmit: true,
            target: 'ES2022',
            lib: ['ES2023'],
            types: ['node'],
            module: 'node16',
            moduleResolution: 'node16',
          },
          files: ['testcontainers-consumer.ts'],
        }),
      );
      const compiled = await exitCode([TSC, '-p', join(withPeer, 'tsconfig.json')], {}, withPeer);
      expect(compiled.output).toBe('');
      expect(compiled.code).toBe(0);
      const loaded = await exitCode(['--input-type=module', '-e', load], {}, withPeer);
      expect(loaded.code, loaded.output).toBe(0);
    } finally {
      rmSync(withPeer, { recursive: true, force: true });
    }
  }, 120_000);

  it('runs a node:test file: start, one call per area (ws-token, TTS → STT, search, a fault, a signed webhook verified with the exported helper), close', async () => {
    const result = await exitCode(['--test', '--test-reporter=tap', 'consumer.test.mjs']);
    expect(result.output).toMatch(/# pass 1/);
    expect(result.code, result.output).toBe(0);
  }, 120_000);

  it('runs the container steps: the CLI as the image starts it, and its health check with the image environment', async () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    // The official image of a supported LTS line by default; the base is a build argument (docs/docker.md).
    expect(dockerfile).toMatch(/^ARG BASE=node:(22|24|26)-/m);
    expect(dockerfile).toMatch(/HEALTHCHECK --interval=5s .*CMD \["node", "dist\/healthcheck.js"\]/);
    // Refused by podman 4 and Docker engines before 25 (the whole file fails to build there).
    expect(dockerfile).not.toMatch(/^HEALTHCHECK .*--start-interval/m);
    expect(dockerfile).toMatch(/ENTRYPOINT \["node", "dist\/cli.js"\]/);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);

    const dir = join(project, 'node_modules', 'svc-emulator');
    const image = { NODE_ENV: 'production', SVC_EMULATOR_HOST: '127.0.0.1', SVC_EMULATOR_PORT: '0' };
    const cli = spawn(process.execPath, ['dist/cli.js', '--wait-ready'], {
      cwd: dir,
      env: { ...cleanEnv, ...image },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const ready = await new Promise<string>((resolve, reject) => {
        createInterface({ input: cli.stdout }).on('line', (line) => {
          if (line.startsWith('svc-emulator ready at ')) resolve(line);
        });
        cli.once('exit', (code) => reject(new Error(`the CLI exited (${code}) before its readiness line`)));
      });
      const port = new URL(ready.split(' ')[3]).port;
      // The image binds 0.0.0.0; the check reaches it through loopback, with the image's variables.
      const check = await exitCode([join(dir, 'dist', 'healthcheck.js')], {
        ...image,
        SVC_EMULATOR_HOST: '0.0.0.0',
        SVC_EMULATOR_PORT: port,
      });
      expect(check.code, check.output).toBe(0);
    } finally {
      const exited = new Promise((resolve) => cli.once('exit', resolve));
      cli.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});

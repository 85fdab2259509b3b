/**
 * The container image under test (issue 27), shared by test/container and test/testcontainers: its name,
 * podman's settings for this machine, what is missing to run it, and a build when the checkout changed
 * since the image was built (`container/build-image.sh --if-stale`; .ci/run builds it once before the suite).
 */
import { execFile, execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const exec = promisify(execFile);
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const IMAGE = process.env.SVC_EMULATOR_IMAGE ?? 'localhost/svc-emulator:test';
export const podmanEnv = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? join(ROOT, 'container', 'containers.conf'),
};

/** Why the image cannot be tested here (a tool that is not installed), or null. */
export function missingTools(): string | null {
  // Set by .ci/run's caller where podman cannot run (test/container/fresh-machine-check.sh's container).
  const skip = process.env.SVC_EMULATOR_SKIP_IMAGE;
  if (skip) return `SVC_EMULATOR_SKIP_IMAGE is set: ${skip}`;
  for (const tool of ['podman', 'git']) {
    try {
      execFileSync(tool, ['--version'], { stdio: 'ignore' });
    } catch {
      return `${tool} is not installed (.ci/run installs podman, runc and mmdebstrap)`;
    }
  }
  return null;
}

export async function podman(...args: string[]): Promise<string> {
  const { stdout } = await exec('podman', args, { env: podmanEnv, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

/** Builds IMAGE unless its label says it was built from the checkout as it is now (minutes when it does). */
export async function ensureImage(): Promise<void> {
  await exec(join(ROOT, 'container', 'build-image.sh'), ['--if-stale'], { env: podmanEnv, cwd: ROOT });
}

/**
 * Operation coverage: with SVC_EMULATOR_REQUIRE_OP_COVERAGE=1 (as `npm test` sets it), the run fails when
 * an operation of the OpenAPI documents was never exercised by any test. Partial runs (a single file)
 * leave the variable unset and skip the check.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDocuments } from '../../src/contract/documents.js';
import { coverageDir } from './coverage-dir.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function operationIds(doc: Record<string, any>): string[] {
  return Object.values<Record<string, any>>(doc.paths ?? {}).flatMap((item) =>
    METHODS.filter((m) => item[m]).map((m) => item[m].operationId as string),
  );
}

export function setup(): void {
  rmSync(coverageDir(process.pid), { recursive: true, force: true });
  // The CLI tests run the built CLI, as users do: the whole `npm run build` (the CLI is a bundle of the
  // sources, so tsc alone would leave it stale); tsc is incremental, the rest takes a second or two.
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
}

export function teardown(): void {
  const dir = coverageDir(process.pid);
  let seen = new Set<string>();
  try {
    seen = new Set(
      readdirSync(dir).flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as string[]),
    );
  } catch {
    /* no test wrote anything */
  }
  rmSync(dir, { recursive: true, force: true });
  if (process.env.SVC_EMULATOR_REQUIRE_OP_COVERAGE !== '1') return;
  const { gateway, admin } = loadDocuments();
  const missing = [...operationIds(gateway), ...operationIds(admin)].filter((id) => !seen.has(id));
  if (missing.length > 0) {
    throw new Error(
      `operation coverage: no test exercised ${missing.length} operation(s): ${missing.join(', ')}`,
    );
  }
  console.log(`operation coverage: every one of the ${seen.size} documented operations was exercised`);
}

/* global console, process */
// `npm test` starts here: the suite runs on the supported Node.js lines (.ci/node/versions). On an older line it
// stops at once with the way to get a supported one, instead of failing in every test that starts an emulator.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lines = readFileSync(join(root, '.ci', 'node', 'versions'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => Number(l.split(/\s+/)[0]));
const major = Number(process.versions.node.split('.')[0]);
if (major < Math.min(...lines)) {
  console.error(
    `svc-emulator: the suite runs on Node.js ${lines.join(', ')}; this is Node.js v${process.versions.node}.\n` +
      `Put a supported Node.js first on PATH, for example the release CI tests (fetched once from the npm registry):\n` +
      `  export PATH="$(.ci/node/install.sh ${lines.includes(24) ? 24 : lines.at(-1)}):$PATH"`,
  );
  process.exit(1);
}

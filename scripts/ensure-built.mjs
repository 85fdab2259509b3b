/* global console, process */
// `npm start` on a fresh clone: `npm ci` no longer builds (the build runs in `prepack`, so a production
// install needs no dev tools), so build once here when dist/ is missing. A built dist/ is used as is.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'dist', 'cli.js'))) {
  if (
    !existsSync(join(root, 'node_modules', 'typescript')) ||
    !existsSync(join(root, 'node_modules', 'esbuild'))
  ) {
    console.error(
      'svc-emulator: dist/ is missing and the build tools (TypeScript, esbuild) are not installed; run `npm ci` (with dev dependencies), then `npm start`',
    );
    process.exit(1);
  }
  console.error('svc-emulator: dist/ is missing; building it once (npm run build)');
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

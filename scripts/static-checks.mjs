/* global console, process */
// `npm test`'s checks before the tests, run side by side (they are independent and each mostly uses one core):
// the type check, ESLint, the layers (dependency-cruiser), Prettier and the OpenAPI lint. Each one's output is
// printed whole when it ends; the first line says which failed. Each is also an npm script of its own.
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'lint', 'lint:deps', 'format:check', 'lint:openapi'];

function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `\n> npm run ${name} (${code === 0 ? 'passed' : `failed, exit ${code}`}, ${seconds} s)\n`,
      );
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve({ name, code });
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) {
  console.error(`\nsvc-emulator: ${failed.map((n) => `npm run ${n}`).join(', ')} failed (output above)`);
  process.exit(1);
}

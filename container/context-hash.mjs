// The hash of what the Dockerfile copies from this checkout (tracked and untracked files, as they are now), and of
// what the base is made from where no registry answers (the pinned Node.js releases, the build script): the
// image is labelled with it, and the image tests rebuild an image whose label differs.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const COPIED = [
  'Dockerfile',
  '.ci/node/versions',
  'container/build-image.sh',
  'package.json',
  'package-lock.json',
  'LICENSE',
  'tsconfig.json',
  'tsconfig.build.json',
  'src',
  'openapi',
  'scripts',
  'fixtures',
  'ui',
];
// Left out of the image by .dockerignore (the Testcontainers module runs on the user's host).
const IGNORED = [':(exclude)src/testcontainers'];

export function contextHash() {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...COPIED, ...IGNORED], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    try {
      hash.update(readFileSync(join(ROOT, file)));
    } catch {
      hash.update('(deleted)');
    }
  }
  return hash.digest('hex');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(`${contextHash()}\n`);

/** The Node.js releases CI tests, as `.ci/node/versions` pins them (issue 38): line, release, roles, integrity. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PinnedNode {
  line: number;
  version: string;
  roles: string[];
  integrity: string;
}

export function pinnedNodes(): PinnedNode[] {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  return readFileSync(join(root, '.ci', 'node', 'versions'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [line, version, roles, integrity] = l.split(/\s+/);
      return { line: Number(line), version, roles: roles.split(','), integrity };
    });
}

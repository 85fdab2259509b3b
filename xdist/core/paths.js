/**
 * Where the package's own files are (openapi/, fixtures/, ui/, package.json, dist/). Found by walking up from
 * this module to the first package.json, so the same code works from src/ (tsx), from dist/ (tsc output) and
 * from the bundled CLI in dist/ (one or two levels deep, wherever esbuild put the chunk).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
function findRoot(from) {
    let dir = from;
    for (;;) {
        if (existsSync(join(dir, 'package.json')))
            return dir;
        const parent = dirname(dir);
        if (parent === dir)
            throw new Error(`svc-emulator: no package.json above ${from}`);
        dir = parent;
    }
}
export const PACKAGE_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
/** A path inside the package (`packagePath('fixtures', 'rag')`). */
export function packagePath(...parts) {
    return join(PACKAGE_ROOT, ...parts);
}

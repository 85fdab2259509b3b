/**
 * The library's types know every part (src/app/area-parts.ts): each module of src/ that declares parts by module
 * augmentation is imported there, so the .d.ts files a consumer compiles against load it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

describe('src/app/area-parts.ts', () => {
  it('imports every module that declares parts (AreaParts)', () => {
    const declaring = sources(SRC)
      .filter((f) => /^declare module '\.\.\/area\/area\.js'/m.test(readFileSync(f, 'utf8')))
      .map((f) => relative(join(SRC, 'app'), f).replace(/\.ts$/, '.js'))
      .map((p) => (p.startsWith('.') ? p : `./${p}`));
    expect(declaring.length).toBeGreaterThan(10);
    const imported = [
      ...readFileSync(join(SRC, 'app/area-parts.ts'), 'utf8').matchAll(/^import '([^']+)';$/gm),
    ].map((m) => m[1]);
    expect(imported.sort()).toEqual(declaring.sort());
  });
});

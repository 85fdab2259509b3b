/**
 * Extracts the runnable examples of the README and docs/*.md: every fenced block in `sh`/`bash`/`shell` or
 * `ts`/`typescript`. A block can be skipped only with a reason, in an HTML comment on the line before its fence:
 *   <!-- example: skip (needs a Docker engine) -->
 * Blocks marked `<!-- recipe:NAME -->` belong to a sequence that its own test runs in order (the debugging
 * recipe: the first block writes the log the next one reads), so they are skipped here with that reason.
 * Other languages (json, yaml, text, js fragments) are not examples.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Example {
  file: string;
  line: number;
  lang: 'sh' | 'ts';
  code: string;
  skip?: string;
}

const LANGS: Record<string, Example['lang']> = {
  sh: 'sh',
  bash: 'sh',
  shell: 'sh',
  ts: 'ts',
  typescript: 'ts',
};
const SKIP = /^<!--\s*example:\s*skip\s*\((.*)\)\s*-->$/;
const RECIPE = /^<!--\s*recipe:([\w-]+)\s*-->$/;

export function extractExamples(file: string, text: string): Example[] {
  const lines = text.split('\n');
  const found: Example[] = [];
  let open: { lang: string; start: number; skip?: string } | undefined;
  let body: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^```\s*([\w-]*)\s*$/.exec(line.trim());
    if (!open && line.trimStart().startsWith('```') && fence) {
      const before = lines[i - 1]?.trim() ?? '';
      const marker = SKIP.exec(before);
      if (marker && marker[1].trim() === '')
        throw new Error(`${file}:${i}: an example skip needs a reason: <!-- example: skip (why) -->`);
      const recipe = RECIPE.exec(before);
      const skip =
        marker?.[1].trim() ??
        (recipe
          ? `step '${recipe[1]}' of a recipe its own test runs in sequence (test/observe/recipe.test.ts)`
          : undefined);
      open = { lang: fence[1].toLowerCase(), start: i + 1, skip };
      body = [];
    } else if (open && line.trim() === '```') {
      const lang = LANGS[open.lang];
      if (lang)
        found.push({
          file,
          line: open.start,
          lang,
          code: body.join('\n'),
          ...(open.skip ? { skip: open.skip } : {}),
        });
      else if (open.skip)
        throw new Error(
          `${file}:${open.start}: skip marker on a \`${open.lang}\` block, which is not run anyway`,
        );
      open = undefined;
    } else if (open) {
      body.push(line);
    } else if (SKIP.test(line.trim()) && !lines[i + 1]?.trimStart().startsWith('```')) {
      throw new Error(`${file}:${i + 1}: a skip marker must be the line just before a fence`);
    }
  }
  if (open) throw new Error(`${file}:${open.start}: unclosed code fence`);
  return found;
}

/** README.md and every docs/*.md, read now: a file added to docs/ later is covered without a change here. */
export function allExamples(root: string): Example[] {
  const files = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `docs/${f}`),
  ];
  return files.flatMap((f) => extractExamples(f, readFileSync(join(root, f), 'utf8')));
}

/** docs/cli.md lists every CLI option with its variable, so the reference cannot fall behind the parser. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPTION_SPECS } from '../../src/app/cli-options.js';

const reference = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
const rows = reference.split('\n').filter((line) => line.startsWith('| `--'));

describe('docs/cli.md', () => {
  it.each(OPTION_SPECS.map((s) => [s.flag, s.env]))('has a row for --%s with %s', (flag, env) => {
    const row = rows.find((r) => r.startsWith(`| \`--${flag} `) || r.startsWith(`| \`--${flag}\``));
    expect(row, `a row for --${flag}`).toBeDefined();
    expect(row).toContain(`\`${env}\``);
  });
});

// Writes JSON copies of the OpenAPI documents into dist/openapi at build time, so start-up reads JSON
// (milliseconds) instead of parsing YAML (hundreds of milliseconds). The YAML files stay the source.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(join(root, 'dist', 'openapi'), { recursive: true });
for (const name of ['gateway', 'admin']) {
  const doc = parse(readFileSync(join(root, 'openapi', `${name}.yaml`), 'utf8'));
  writeFileSync(join(root, 'dist', 'openapi', `${name}.json`), JSON.stringify(doc));
}

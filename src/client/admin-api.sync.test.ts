/**
 * `admin-api.ts` is generated from openapi/admin.yaml; this fails when the document changed and the file
 * was not regenerated. Same options as `npm run gen:client`.
 */
import { readFileSync } from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const ADMIN_DOC = new URL('../../openapi/admin.yaml', import.meta.url);
const GENERATED = new URL('./admin-api.ts', import.meta.url);

describe('the generated admin API types', () => {
  it('match openapi/admin.yaml', async () => {
    const ast = await openapiTS(ADMIN_DOC, {
      defaultNonNullable: false,
      emptyObjectsUnknown: true,
      silent: true,
    });
    const expected = COMMENT_HEADER + astToString(ast);
    const actual = readFileSync(GENERATED, 'utf8');
    if (actual !== expected) {
      expect.fail('src/client/admin-api.ts is out of date with openapi/admin.yaml: run `npm run gen:client`');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors.js';
import { parseMember, PARSE_CHUNK, Yielder } from './parse.js';
import { JsonScanner, type ScannedMember } from './scanner.js';

const documentSplit = (depth: number, path: readonly string[]) =>
  depth === 1 || (depth === 2 && path[0] === 'orgs');

function scan(text: string | Buffer, chunk: number, maxDepth = 64): ScannedMember[] {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const scanner = new JsonScanner({
    maxDepth,
    maxMemberBytes: 1 << 30,
    checkKeys: true,
    split: documentSplit,
  });
  const out: ScannedMember[] = [];
  for (let i = 0; i < bytes.length; i += chunk) out.push(...scanner.push(bytes.subarray(i, i + chunk)));
  scanner.end();
  return out;
}

function problem(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return `${err.code} ${err.detail}`;
    throw err;
  }
  throw new Error('no problem');
}

const DOC = JSON.stringify({
  format: 'svc-emulator-state',
  includes: [],
  orgs: {
    org_a: { orgs: { org: { id: 'org_a', name: 'quote " brace } bracket ] backslash \\ é' } } },
    org_b: { x: [1, { y: 'z\\"' }, [], {}] },
  },
  scope: { kind: 'emulator' },
  version: 1,
});

describe('JsonScanner', () => {
  it('cuts a document into its top-level members and each organization, whatever the chunk size', () => {
    const expected = [
      [['format'], '"svc-emulator-state"'],
      [['includes'], '[]'],
      [['orgs', 'org_a'], JSON.stringify(JSON.parse(DOC).orgs.org_a)],
      [['orgs', 'org_b'], JSON.stringify(JSON.parse(DOC).orgs.org_b)],
      [['scope'], '{"kind":"emulator"}'],
      [['version'], '1'],
    ];
    for (const chunk of [1, 2, 3, 7, 64, DOC.length]) {
      const members = scan(DOC, chunk).map((m) => [m.path, m.bytes.toString()]);
      expect(members, `chunks of ${chunk}`).toEqual(expected);
    }
  });

  it('gives each member its offsets in the input', () => {
    const bytes = Buffer.from(DOC);
    for (const m of scan(bytes, 5)) expect(bytes.subarray(m.start, m.end).equals(m.bytes)).toBe(true);
  });

  it('accepts any whitespace between members', () => {
    const spaced = '\n{ "format" :\t"f" ,\r\n "orgs" : { "org_a" : { } } }\n';
    expect(scan(spaced, 3).map((m) => [m.path, JSON.parse(m.bytes.toString())])).toEqual([
      [['format'], 'f'],
      [['orgs', 'org_a'], {}],
    ]);
  });

  it('refuses prototype keys anywhere, escaped or not, naming their path', () => {
    expect(problem(() => scan('{"orgs":{"org_a":{"x":[{"__proto__":1}]}}}', 4))).toBe(
      "invalid_state /orgs/org_a/x/0/__proto__: the key '__proto__' is not allowed anywhere in a state document",
    );
    expect(problem(() => scan('{"a":{"b":{"constructo\\u0072":1}}}', 2))).toMatch(
      /^invalid_state \/a\/b\/constructor: the key 'constructor'/,
    );
    expect(problem(() => scan('{"prototype":1}', 100))).toMatch(/^invalid_state \/prototype:/);
    // A value that spells one is no key.
    expect(scan('{"a":["__proto__",{"b":"constructor"}]}', 3)).toHaveLength(1);
  });

  it('refuses nesting past the limit before any parser sees it', () => {
    const deep = `{"a":${'['.repeat(10)}${']'.repeat(10)}}`;
    expect(problem(() => scan(deep, 4, 8))).toMatch(
      /^invalid_state \/a(\/0){7}: nested more than 8 levels deep/,
    );
    expect(scan(deep, 4, 11)).toHaveLength(1);
  });

  it('refuses a truncated, an empty, a trailing or a misframed document', () => {
    expect(problem(() => scan(DOC.slice(0, -1), 9))).toMatch(/truncated/);
    expect(problem(() => scan('', 9))).toMatch(/the document is empty/);
    expect(problem(() => scan(`${DOC} {}`, 9))).toMatch(/more after the end/);
    expect(problem(() => scan('{"a" 1}', 9))).toMatch(/expected ':'/);
    expect(problem(() => scan('{"a":1,}', 9))).toMatch(/unexpected '\}'/);
    expect(problem(() => scan('{"a":1,,"b":2}', 9))).toMatch(/expected a field name/);
    expect(problem(() => scan('{"orgs":{"org_a":{}]}', 9))).toMatch(/unexpected '\]'/);
    expect(problem(() => scan('{"a":[1}}', 9))).toMatch(/closes a container it did not open/);
    expect(problem(() => scan('"text"', 9))).toMatch(/must be a JSON object/);
  });

  it('refuses a member above the limit, naming it', () => {
    const scanner = new JsonScanner({
      maxDepth: 8,
      maxMemberBytes: 10,
      checkKeys: true,
      split: documentSplit,
    });
    expect(problem(() => scanner.push(Buffer.from('{"orgs":{"org_big":"0123456789ab"}}')))).toMatch(
      /^state_too_large \/orgs\/org_big is larger than 10 bytes/,
    );
  });
});

describe('parseMember', () => {
  it('parses a large member slice by slice into the value JSON.parse gives', async () => {
    const value = {
      list: Array.from({ length: 3000 }, (_, i) => ({ i, text: 'x'.repeat(400), nested: [i, { k: 'v' }] })),
      '1': 'integer-like key',
      b: null,
    };
    const bytes = Buffer.from(JSON.stringify(value));
    expect(bytes.length).toBeGreaterThan(PARSE_CHUNK);
    const parsed = await parseMember(bytes, ['orgs', 'org_a'], new Yielder(), 64);
    expect(parsed).toEqual(JSON.parse(bytes.toString()));
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(JSON.parse(bytes.toString())));
  });

  it('names the member whose JSON is invalid', async () => {
    await expect(parseMember(Buffer.from('{"a":tru}'), ['orgs', 'org_a'], new Yielder(), 64)).rejects.toThrow(
      /^\/orgs\/org_a: not valid JSON/,
    );
  });
});

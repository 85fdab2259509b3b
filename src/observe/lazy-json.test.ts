import { describe, expect, it } from 'vitest';
import { lazyJsonText, setLazyJsonBody, stringifyKeepingBodies } from './lazy-json.js';

const value = {
  query: 'إجازة سنوية',
  key: 'svc_live_…abcd',
  n: [1, 2.5, -0, 1e21],
  nested: { __proto__: null, a: '"q"\n' },
};

function lazyDetail(body: unknown) {
  const detail = { headers: { a: 'b' }, body: null as unknown, body_truncated: false };
  setLazyJsonBody(detail, JSON.stringify(body));
  return detail;
}

describe('lazily parsed journal bodies', () => {
  it('read, serialise and compare as the parsed value', () => {
    const detail = lazyDetail(value);
    const eager = {
      headers: { a: 'b' },
      body: JSON.parse(JSON.stringify(value)) as unknown,
      body_truncated: false,
    };
    expect(JSON.stringify(detail)).toBe(JSON.stringify(eager));
    expect(detail).toEqual(eager);
    expect({ ...detail }).toEqual(eager);
    expect(detail.body).toBe(detail.body);
  });

  it('can be replaced like a plain property', () => {
    const detail = lazyDetail(value);
    detail.body = 'cut';
    expect(detail.body).toBe('cut');
    expect(Object.keys(detail)).toEqual(['headers', 'body', 'body_truncated']);
  });

  it('keep their text until read', () => {
    const detail = lazyDetail(value);
    expect(lazyJsonText(detail)).toBe(JSON.stringify(value));
    void detail.body;
    expect(lazyJsonText(detail)).toBeUndefined();
  });
});

describe('stringifyKeepingBodies', () => {
  const entry = () => {
    const request = {
      headers: { a: '1' },
      query: { q: '"lazy-0"' },
      body: null as unknown,
      truncated: false,
    };
    const response = { headers: {}, body: null as unknown };
    setLazyJsonBody(request, JSON.stringify({ text: 'مرحبا "quoted" \\ $& $1', n: [1, 2] }));
    setLazyJsonBody(response, JSON.stringify([{ id: 'x' }]));
    return { id: 'req_1', request, response, other: { body: 'not a holder' } };
  };

  it('writes what JSON.stringify writes, without parsing the bodies', () => {
    const e = entry();
    const json = stringifyKeepingBodies(e, ['request', 'response']);
    expect(lazyJsonText(e.request)).toBeDefined();
    expect(lazyJsonText(e.response)).toBeDefined();
    expect(json).toBe(JSON.stringify(entry()));
  });

  it('a body already parsed, or a holder missing, is written as it is', () => {
    const e = entry();
    void e.request.body;
    const missing = { ...entry(), response: null };
    expect(stringifyKeepingBodies(e, ['request', 'response'])).toBe(JSON.stringify(entry()));
    expect(stringifyKeepingBodies(missing, ['request', 'response'])).toBe(JSON.stringify(missing));
  });
});

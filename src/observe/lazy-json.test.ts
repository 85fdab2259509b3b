import { describe, expect, it } from 'vitest';
import { lazyJsonText, setLazyJsonBody } from './lazy-json.js';

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

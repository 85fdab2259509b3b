/**
 * Journal bodies kept as their JSON text and parsed on first read. The journal holds up to a thousand entries
 * and most are never read, so parsing every request and response body when it is recorded cost CPU and kept
 * a tree of objects per entry alive for the garbage collector to walk. To whoever reads it, `detail.body` is
 * an ordinary enumerable property holding the parsed value (JSON.stringify, spreads and equality all see it).
 */
import { randomBytes } from 'node:crypto';

/** The text of each body not parsed yet, by the object that holds it. */
const unparsed = new WeakMap<object, string>();

function settle(holder: { body: unknown }, value: unknown): void {
  unparsed.delete(holder);
  Object.defineProperty(holder, 'body', { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Makes `holder.body` the value of `text`, parsed when first read. `text` must be what JSON.stringify writes
 * (so writing the value again gives the same text): the journal counts its bytes without parsing it.
 */
export function setLazyJsonBody(holder: { body: unknown }, text: string): void {
  unparsed.set(holder, text);
  Object.defineProperty(holder, 'body', {
    enumerable: true,
    configurable: true,
    get(): unknown {
      const value: unknown = JSON.parse(text);
      settle(holder, value);
      return value;
    },
    set(value: unknown) {
      settle(holder, value);
    },
  });
}

/**
 * `JSON.stringify(value)` for an object whose `value[field]` objects may hold unparsed bodies (a journal
 * entry's `request` and `response`): their text goes in as it is, never parsed and written again. The journal
 * over Redis writes every entry and reads few; parsing a search answer to write it back cost more than the
 * rest of the entry. Placeholders carry a random token, so no value a client sends can be taken for one.
 */
export function stringifyKeepingBodies<T extends object>(value: T, fields: readonly (keyof T)[]): string {
  let copy: Record<string, unknown> | undefined;
  const texts: string[] = [];
  for (const field of fields) {
    const holder = value[field] as object | null | undefined;
    const text = holder ? unparsed.get(holder) : undefined;
    if (text === undefined) continue;
    copy ??= { ...value } as Record<string, unknown>;
    const bare: Record<string, unknown> = {};
    // Copied key by key: a spread would read `body` through its getter, which parses it.
    for (const key of Object.keys(holder!))
      bare[key] = key === 'body' ? marker(texts.length) : (holder as any)[key];
    copy[field as string] = bare;
    texts.push(text);
  }
  if (!copy) return JSON.stringify(value);
  let json = JSON.stringify(copy);
  texts.forEach((text, i) => {
    json = json.replace(`"${marker(i)}"`, () => text);
  });
  return json;
}

const TOKEN = `lazy-${randomBytes(12).toString('hex')}`;
const marker = (i: number) => `${TOKEN}-${i}`;

/** The JSON text of `holder.body` while it is still unparsed, else undefined. */
export function lazyJsonText(holder: object): string | undefined {
  return unparsed.get(holder);
}

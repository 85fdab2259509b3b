/**
 * Journal bodies kept as their JSON text and parsed on first read. The journal holds up to a thousand entries
 * and most are never read, so parsing every request and response body when it is recorded cost CPU and kept
 * a tree of objects per entry alive for the garbage collector to walk. To whoever reads it, `detail.body` is
 * an ordinary enumerable property holding the parsed value (JSON.stringify, spreads and equality all see it).
 */

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

/** The JSON text of `holder.body` while it is still unparsed, else undefined. */
export function lazyJsonText(holder: object): string | undefined {
  return unparsed.get(holder);
}

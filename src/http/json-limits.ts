/**
 * Limits every JSON input shares (/v1 and admin bodies, multipart JSON fields, WebSocket frames, the config
 * file), checked on the raw text before anything parses or walks it (decision J1).
 */

/** The deepest nesting of arrays and objects accepted: `{"a":[1]}` is 2 deep. */
export const MAX_JSON_DEPTH = 32;

/**
 * The offset of the first bracket that goes deeper than `max`, or -1. A plain scan of the text (strings and
 * their escapes skipped): it needs no stack however deep the input, and it runs before any parser.
 */
export function jsonDepthOverflow(text: string | Uint8Array, max = MAX_JSON_DEPTH): number {
  const at = typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i];
  const length = text.length;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const c = at(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return i;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return -1;
}

/** The message every JSON input uses when it is nested too deeply; `what` names the input. */
export function depthMessage(what: string, offset: number, max = MAX_JSON_DEPTH): string {
  return `${what} is nested more than ${max} levels deep (arrays and objects, at character ${offset}); flatten it`;
}

/**
 * The byte offset of the first byte that is not part of well-formed UTF-8 (RFC 3629: no overlongs, no
 * surrogates, nothing above U+10FFFF), or -1 when the whole buffer is valid.
 */
export function invalidUtf8Offset(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

/**
 * Light Markdown stripping: syntax goes, all words (incl. code and link text) stay. Line by line, with
 * scanning loops instead of regular expressions, so the time is linear in the input whatever it holds
 * (long runs of blank lines, spaces, unclosed brackets or markers).
 */
import { isWordChar, NextIndex } from './scanning.js';
export function markdownToText(md) {
    const out = [];
    for (const line of md.split('\n')) {
        if (line === '') {
            out.push(line);
            continue;
        }
        const block = stripBlock(line);
        out.push(block === '' ? '' : stripInline(block));
    }
    return out.join('\n');
}
function isSpace(ch) {
    return ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v';
}
function skipSpaces(s, from, max = Infinity) {
    let i = from;
    while (i < s.length && i - from < max && isSpace(s[i]))
        i++;
    return i;
}
/** True when every character is in `allowed` (or a space) and at least `min` are markers of `markers`. */
function onlyOf(s, allowed, markers, min) {
    let n = 0;
    for (const ch of s) {
        if (markers.includes(ch))
            n++;
        else if (!allowed.includes(ch) && !isSpace(ch))
            return false;
    }
    return n >= min;
}
/** Fences, table separators and rules vanish; heading, quote and list markers go. */
function stripBlock(line) {
    if (line.trim() === '')
        return line;
    if (line.startsWith('```') || line.startsWith('~~~'))
        return '';
    if (line.includes('---') && onlyOf(line, '|:-', '-', 3))
        return '';
    if (onlyOf(line, '', '-*_', 3))
        return '';
    let s = line;
    // Heading: up to 3 spaces, 1-6 '#', at least one space.
    let i = skipSpaces(s, 0, 3);
    let h = i;
    while (h < s.length && h - i < 6 && s[h] === '#')
        h++;
    if (h > i && isSpace(s[h]))
        s = s.slice(skipSpaces(s, h));
    // Block quote: up to 3 spaces, '>', one optional space.
    i = skipSpaces(s, 0, 3);
    if (s[i] === '>')
        s = s.slice(isSpace(s[i + 1]) ? i + 2 : i + 1);
    // List item: any indentation, '-', '*', '+' or digits and '.', at least one space.
    i = skipSpaces(s, 0);
    let m = i;
    if (s[m] === '-' || s[m] === '*' || s[m] === '+')
        m++;
    else {
        while (m < s.length && s[m] >= '0' && s[m] <= '9')
            m++;
        m = m > i && s[m] === '.' ? m + 1 : i;
    }
    if (m > i && isSpace(s[m]))
        s = s.slice(skipSpaces(s, m));
    return s.replaceAll('|', ' ');
}
function stripInline(line) {
    return tags(code(emphasis(strong(links(line)))));
}
/** `![alt](src)` → alt, `[text](href)` → text. */
function links(s) {
    if (!s.includes(']('))
        return s;
    const next = new NextIndex(s);
    let out = '';
    let i = 0;
    while (i < s.length) {
        const open = next.of('[', i);
        if (open === -1)
            break;
        const close = next.of(']', open + 1);
        const end = close === -1 || s[close + 1] !== '(' ? -1 : next.of(')', close + 2);
        const image = open > 0 && s[open - 1] === '!';
        if (end === -1 || (!image && close === open + 1)) {
            out += s.slice(i, open + 1);
            i = open + 1;
            continue;
        }
        out += s.slice(i, image ? open - 1 : open) + s.slice(open + 1, close);
        i = end + 1;
    }
    return out + s.slice(i);
}
/** `**x**`, `__x__` → x. */
function strong(s) {
    if (!s.includes('**') && !s.includes('__'))
        return s;
    let out = '';
    let i = 0;
    let from = 0;
    const exhausted = new Set();
    while (i < s.length - 1) {
        const ch = s[i];
        if ((ch === '*' || ch === '_') && s[i + 1] === ch && !exhausted.has(ch)) {
            const close = s.indexOf(ch + ch, i + 3);
            if (close === -1)
                exhausted.add(ch);
            else {
                out += s.slice(from, i) + s.slice(i + 2, close);
                i = from = close + 2;
                continue;
            }
        }
        i++;
    }
    return out + s.slice(from);
}
/** `*x*`, `_x_` → x, when the markers stand outside words. */
function emphasis(s) {
    if (!s.includes('*') && !s.includes('_'))
        return s;
    const next = new NextIndex(s);
    let out = '';
    let from = 0;
    let i = next.ofAny('*_', 0);
    while (i !== -1) {
        const before = i === 0 ? undefined : s[i - 1];
        const close = next.ofAny('*_', i + 1);
        if (close === -1)
            break;
        const after = s[close + 1];
        if (before !== '*' && !isWordChar(before) && close > i + 1 && after !== '*' && !isWordChar(after)) {
            out += s.slice(from, i) + s.slice(i + 1, close);
            from = close + 1;
            i = next.ofAny('*_', close + 1);
        }
        else
            i = close;
    }
    return out + s.slice(from);
}
/** `` `x` `` → x. */
function code(s) {
    return unwrap(s, '`', '`', true);
}
/** `<tag ...>` → nothing. */
function tags(s) {
    return unwrap(s, '<', '>', false);
}
/** Removes `open`…`close` pairs with something in between, keeping the inside when `keep`. */
function unwrap(s, open, close, keep) {
    if (!s.includes(open))
        return s;
    const next = new NextIndex(s);
    let out = '';
    let from = 0;
    let i = next.of(open, 0);
    while (i !== -1) {
        const end = next.of(close, i + 1);
        if (end === -1)
            break;
        if (end > i + 1) {
            out += s.slice(from, i) + (keep ? s.slice(i + 1, end) : '');
            from = end + 1;
            i = next.of(open, end + 1);
        }
        else
            i = open === close ? end : next.of(open, i + 1);
    }
    return out + s.slice(from);
}

export const CONTENT_TYPES = { mp3: 'audio/mpeg', wav: 'audio/wav' };
const NAMES = {
    mp3: ['audio/mpeg'],
    wav: ['audio/wav', 'audio/wave', 'audio/x-wav'],
};
function parseAccept(header) {
    const ranges = [];
    for (const part of header.split(',')) {
        const [media, ...params] = part.split(';').map((s) => s.trim());
        const slash = media.indexOf('/');
        if (slash <= 0)
            continue;
        let q = 1;
        for (const p of params) {
            const m = /^q\s*=\s*([0-9.]+)$/i.exec(p);
            if (m)
                q = Math.min(1, Math.max(0, Number(m[1]) || 0));
        }
        ranges.push({ type: media.slice(0, slash).toLowerCase(), subtype: media.slice(slash + 1).toLowerCase(), q });
    }
    return ranges;
}
/** q of a format: from its most specific matching range (exact > audio/* > *\/*), or undefined. */
function qualityOf(ranges, format) {
    let best;
    for (const r of ranges) {
        let specificity = -1;
        if (r.type === '*' && r.subtype === '*')
            specificity = 0;
        else if (r.type === 'audio' && r.subtype === '*')
            specificity = 1;
        else if (NAMES[format].includes(`${r.type}/${r.subtype}`))
            specificity = 2;
        if (specificity < 0)
            continue;
        if (!best || specificity > best.specificity || (specificity === best.specificity && r.q > best.q)) {
            best = { specificity, q: r.q };
        }
    }
    return best?.q;
}
export function negotiateClipFormat(accept) {
    if (!accept || !accept.trim())
        return 'mp3';
    const ranges = parseAccept(accept);
    const mp3 = qualityOf(ranges, 'mp3') ?? 0;
    const wav = qualityOf(ranges, 'wav') ?? 0;
    return wav > mp3 ? 'wav' : 'mp3';
}

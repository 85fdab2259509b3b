/**
 * Output format negotiation for POST /v1/tts (the Decision in openapi/gateway.yaml, D-TTS-1): MP3 unless
 * the `Accept` header prefers WAV by a strictly higher q-value. RFC 9110 §12.5.1: the most specific
 * matching range gives a type its q; q=0 means "not acceptable"; an unsatisfiable header is ignored.
 */
export type ClipFormat = 'mp3' | 'wav';

export const CONTENT_TYPES: Record<ClipFormat, string> = { mp3: 'audio/mpeg', wav: 'audio/wav' };

const NAMES: Record<ClipFormat, readonly string[]> = {
  mp3: ['audio/mpeg'],
  wav: ['audio/wav', 'audio/wave', 'audio/x-wav'],
};

interface Range {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(header: string): Range[] {
  const ranges: Range[] = [];
  for (const part of header.split(',')) {
    const [media, ...params] = part.split(';').map((s) => s.trim());
    const slash = media.indexOf('/');
    if (slash <= 0) continue;
    let q = 1;
    for (const p of params) {
      const m = /^q\s*=\s*([0-9.]+)$/i.exec(p);
      if (m) q = Math.min(1, Math.max(0, Number(m[1]) || 0));
    }
    ranges.push({
      type: media.slice(0, slash).toLowerCase(),
      subtype: media.slice(slash + 1).toLowerCase(),
      q,
    });
  }
  return ranges;
}

/** q of a format: from its most specific matching range (exact > audio/* > *\/*), or undefined. */
function qualityOf(ranges: Range[], format: ClipFormat): number | undefined {
  let best: { specificity: number; q: number } | undefined;
  for (const r of ranges) {
    let specificity = -1;
    if (r.type === '*' && r.subtype === '*') specificity = 0;
    else if (r.type === 'audio' && r.subtype === '*') specificity = 1;
    else if (NAMES[format].includes(`${r.type}/${r.subtype}`)) specificity = 2;
    if (specificity < 0) continue;
    if (!best || specificity > best.specificity || (specificity === best.specificity && r.q > best.q)) {
      best = { specificity, q: r.q };
    }
  }
  return best?.q;
}

export function negotiateClipFormat(accept: string | undefined): ClipFormat {
  if (!accept || !accept.trim()) return 'mp3';
  const ranges = parseAccept(accept);
  const mp3 = qualityOf(ranges, 'mp3') ?? 0;
  const wav = qualityOf(ranges, 'wav') ?? 0;
  return wav > mp3 ? 'wav' : 'mp3';
}

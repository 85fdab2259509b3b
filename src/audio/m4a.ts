/**
 * M4A (MP4 audio) facts from the box structure: sound track, sample rate, channels and presentation
 * duration. There is no AAC decoder, so nothing here touches the samples.
 */
import { readAscii } from './formats.js';
import { corrupt, truncated } from './errors.js';

export interface M4aFacts {
  sampleRate: number;
  channels: number;
  durationSeconds: number;
}

interface Box {
  type: string;
  /** Offset of the payload. */
  body: number;
  end: number;
}

/** Lists the boxes in [start, end). A box that runs past the end of the file means it was cut → audio_truncated. */
function boxes(
  buf: Uint8Array,
  dv: DataView,
  start: number,
  end: number,
  /** Top level: `end` is the end of the file, so an overrun means truncation rather than damage. */
  top = false,
): Box[] {
  const out: Box[] = [];
  let off = start;
  while (off + 8 <= end) {
    let size = dv.getUint32(off, false);
    const type = readAscii(buf, off + 4, 4);
    if (!isBoxType(type)) throw corrupt(`invalid MP4 box type at byte ${off}`);
    let header = 8;
    if (size === 1) {
      if (off + 16 > end)
        throw top
          ? truncated(`MP4 box '${type}' header cut`)
          : corrupt(`MP4 box '${type}' header overruns its parent`);
      size = Number(dv.getBigUint64(off + 8, false));
      header = 16;
    } else if (size === 0) size = end - off; // "extends to the end of the file"
    if (size < header) throw corrupt(`MP4 box '${type}' with size ${size}`);
    if (off + size > end) {
      // Past the end of the file: cut short. Past the end of a complete parent box: damaged.
      throw top
        ? truncated(`MP4 box '${type}' runs past the end of the file`)
        : corrupt(`MP4 box '${type}' overruns its parent`);
    }
    out.push({ type, body: off + header, end: off + size });
    off += size;
  }
  if (off < end && top) throw truncated('MP4 file ends inside a box header');
  return out;
}

// Box types are four bytes, usually ASCII; iTunes uses 0xA9 ('©nam'), so only control bytes are refused.
const isBoxType = (t: string): boolean => /^[\x20-\xff]{4}$/.test(t);

const child = (list: Box[], type: string): Box | undefined => list.find((b) => b.type === type);

interface M4aTrack {
  timescale: number;
  mediaDuration: number;
  /** Sum of non-empty edit durations in movie timescale units, or null without an edit list. */
  editDuration: number | null;
  channels: number;
  sampleRate: number;
  maxChunkOffset: number;
}

/** Reads the first sound track: mdhd, elst, stsd/mp4a/esds and chunk offsets. */
function readSoundTrack(
  buf: Uint8Array,
  dv: DataView,
  moov: Box,
  /** Read the chunk offset tables (for the truncation check); the probe skips them. */
  offsets = true,
): { movieTimescale: number; track: M4aTrack } | null {
  const moovKids = boxes(buf, dv, moov.body, moov.end);
  const mvhd = child(moovKids, 'mvhd');
  if (!mvhd) throw corrupt('MP4 without mvhd');
  const movieTimescale = dv.getUint32(mvhd.body + (buf[mvhd.body] === 1 ? 20 : 12), false);
  for (const trak of moovKids.filter((b) => b.type === 'trak')) {
    const trakKids = boxes(buf, dv, trak.body, trak.end);
    const mdia = child(trakKids, 'mdia');
    if (!mdia) continue;
    const mdiaKids = boxes(buf, dv, mdia.body, mdia.end);
    const hdlr = child(mdiaKids, 'hdlr');
    if (!hdlr || readAscii(buf, hdlr.body + 8, 4) !== 'soun') continue;
    const mdhd = child(mdiaKids, 'mdhd');
    if (!mdhd) throw corrupt('MP4 sound track without mdhd');
    const v1 = buf[mdhd.body] === 1;
    const timescale = dv.getUint32(mdhd.body + (v1 ? 20 : 12), false);
    const mediaDuration = v1
      ? Number(dv.getBigUint64(mdhd.body + 24, false))
      : dv.getUint32(mdhd.body + 16, false);

    let editDuration: number | null = null;
    const edts = child(trakKids, 'edts');
    const elst = edts ? child(boxes(buf, dv, edts.body, edts.end), 'elst') : undefined;
    if (elst) {
      const ev1 = buf[elst.body] === 1;
      const count = dv.getUint32(elst.body + 4, false);
      const entry = ev1 ? 20 : 12;
      if (elst.body + 8 + count * entry > elst.end) throw corrupt('MP4 edit list overruns its box');
      editDuration = 0;
      for (let i = 0, p = elst.body + 8; i < count; i++, p += entry) {
        const seg = ev1 ? Number(dv.getBigUint64(p, false)) : dv.getUint32(p, false);
        const mediaTime = ev1 ? Number(dv.getBigInt64(p + 8, false)) : dv.getInt32(p + 4, false);
        if (mediaTime !== -1) editDuration += seg; // -1 marks an empty edit (a leading gap)
      }
    }

    let channels = 0;
    let sampleRate = 0;
    let maxChunkOffset = 0;
    const minf = child(mdiaKids, 'minf');
    const stbl = minf ? child(boxes(buf, dv, minf.body, minf.end), 'stbl') : undefined;
    if (!stbl) throw corrupt('MP4 sound track without a sample table');
    const stblKids = boxes(buf, dv, stbl.body, stbl.end);
    const stsd = child(stblKids, 'stsd');
    if (stsd && stsd.body + 16 + 28 <= stsd.end) {
      const entry = stsd.body + 8; // full-box header + entry count
      channels = dv.getUint16(entry + 8 + 16, false);
      sampleRate = dv.getUint32(entry + 8 + 24, false) >>> 16;
      const entryEnd = Math.min(stsd.end, entry + dv.getUint32(entry, false));
      // QuickTime-style sound entries (version 1 and 2) carry 16 or 36 more bytes before their boxes.
      const version = dv.getUint16(entry + 16, false);
      const kids = entry + 36 + (version === 1 ? 16 : version === 2 ? 36 : 0);
      let asc: { channels: number; sampleRate: number } | null = null;
      try {
        const esds = child(boxes(buf, dv, kids, entryEnd), 'esds');
        asc = esds ? audioSpecificConfig(buf, esds.body + 4, esds.end) : null;
      } catch {
        asc = null; // an odd sample entry layout: fall back to its fixed fields and music-metadata
      }
      if (asc) {
        // ISO files carry a template channel count of 2 in mp4a; the decoder config is authoritative.
        if (asc.channels > 0) channels = asc.channels;
        if (asc.sampleRate > 0) sampleRate = asc.sampleRate;
      }
    }
    for (const type of offsets ? ['stco', 'co64'] : []) {
      const b = child(stblKids, type);
      if (!b) continue;
      const n = dv.getUint32(b.body + 4, false);
      const w = type === 'stco' ? 4 : 8;
      for (let i = 0, p = b.body + 8; i < n && p + w <= b.end; i++, p += w) {
        const v = w === 4 ? dv.getUint32(p, false) : Number(dv.getBigUint64(p, false));
        if (v > maxChunkOffset) maxChunkOffset = v;
      }
    }
    return {
      movieTimescale,
      track: { timescale, mediaDuration, editDuration, channels, sampleRate, maxChunkOffset },
    };
  }
  return null;
}

const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** Finds the DecoderSpecificInfo (tag 5) inside an ES descriptor and reads its AudioSpecificConfig. */
function audioSpecificConfig(
  buf: Uint8Array,
  start: number,
  end: number,
): { channels: number; sampleRate: number } | null {
  let p = start;
  while (p < end) {
    const tag = buf[p++];
    let len = 0;
    for (let i = 0; i < 4 && p < end; i++) {
      const b = buf[p++];
      len = (len << 7) | (b & 0x7f);
      if (!(b & 0x80)) break;
    }
    if (tag === 3) {
      const flags = buf[p + 2];
      p += 3;
      if (flags & 0x80) p += 2;
      if (flags & 0x40) p += 1 + buf[p];
      if (flags & 0x20) p += 2;
    } else if (tag === 4) p += 13;
    else if (tag === 5) {
      if (p + 2 > end) return null;
      let bitPos = 0;
      const read = (n: number): number => {
        let v = 0;
        for (let i = 0; i < n; i++, bitPos++)
          v = (v << 1) | ((buf[p + (bitPos >> 3)] >> (7 - (bitPos & 7))) & 1);
        return v;
      };
      let aot = read(5);
      if (aot === 31) aot = 32 + read(6);
      const sfi = read(4);
      const sampleRate = sfi === 15 ? read(24) : (AAC_RATES[sfi] ?? 0);
      const cfg = read(4);
      return { channels: cfg === 7 ? 8 : cfg <= 6 ? cfg : 0, sampleRate };
    } else p += len;
  }
  return null;
}

function soundTrackOf(
  buf: Uint8Array,
  offsets: boolean,
): { dv: DataView; movieTimescale: number; track: M4aTrack } {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const topLevel = boxes(buf, dv, 0, buf.length, true);
  const moov = child(topLevel, 'moov');
  // ffmpeg and most encoders write moov after mdat: a cut file loses it first.
  if (!moov) throw truncated('MP4 without a moov box (file cut before it?)');
  const sound = readSoundTrack(buf, dv, moov, offsets);
  if (!sound) throw corrupt('MP4 without an audio track');
  return { dv, ...sound };
}

/** Presentation duration from the edit list, else the track's media duration. */
function trackSeconds(movieTimescale: number, track: M4aTrack): number {
  if (track.editDuration !== null && track.editDuration > 0 && movieTimescale > 0)
    return track.editDuration / movieTimescale;
  return track.timescale > 0 ? track.mediaDuration / track.timescale : 0;
}

/**
 * Header facts only (cheap: a walk of the box tree, no sample tables): the duration estimate used by the
 * credit and quota precheck. Throws AudioDecodeError.
 */
export function probeM4a(buf: Uint8Array): M4aFacts {
  const { movieTimescale, track } = soundTrackOf(buf, false);
  return {
    sampleRate: track.sampleRate || track.timescale,
    channels: track.channels || 1,
    durationSeconds: trackSeconds(movieTimescale, track),
  };
}

/**
 * The authoritative facts: also checks the chunk offsets against the file and asks music-metadata.
 * Duration: the edit list's presentation duration (which excludes AAC priming, as ffprobe does), otherwise
 * music-metadata's duration. Throws AudioDecodeError.
 */
export async function readM4a(buf: Uint8Array): Promise<M4aFacts> {
  const { movieTimescale, track } = soundTrackOf(buf, true);
  if (track.maxChunkOffset >= buf.length) throw truncated('MP4 sample data lies past the end of the file');

  let meta;
  try {
    // Loaded on first use (M4A only), to keep start-up fast.
    const { parseBuffer } = await import('music-metadata');
    meta = await parseBuffer(buf, { mimeType: 'audio/mp4' }, { duration: true, skipCovers: true });
  } catch (e) {
    throw corrupt(`MP4 unreadable: ${e instanceof Error ? e.message : String(e)}`);
  }
  const f = meta.format;
  if (f.hasAudio === false || !f.duration || !Number.isFinite(f.duration))
    throw corrupt('MP4 audio track has no duration');
  // music-metadata counts the AAC priming samples (7.023 s where ffprobe says 7.000); the edit list gives
  // the presentation duration without them, which is what ffprobe reports.
  let durationSeconds = f.duration;
  if (track.editDuration !== null && track.editDuration > 0 && movieTimescale > 0) {
    durationSeconds = track.editDuration / movieTimescale;
  }
  if (!(durationSeconds > 0)) throw corrupt('MP4 audio track is empty');
  const sampleRate = track.sampleRate || f.sampleRate || track.timescale;
  const channels = track.channels || f.numberOfChannels || 0;
  if (!sampleRate || !channels) throw corrupt('MP4 audio track without sample rate or channels');
  return { sampleRate, channels, durationSeconds };
}

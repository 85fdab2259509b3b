/**
 * Test helper: ffmpeg/ffprobe as an independent encoder and decoder. Tests that need it use
 * `describe.skipIf(!HAS_FFMPEG)`; CI installs ffmpeg so they run there.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function has(cmd: string): boolean {
  const r = spawnSync(cmd, ['-version'], { stdio: 'ignore' });
  return r.status === 0;
}

export const HAS_FFMPEG = has('ffmpeg') && has('ffprobe');

function run(cmd: string, args: string[]): Buffer {
  const r = spawnSync(cmd, args, { maxBuffer: 512 * 1024 * 1024 });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr?.toString() ?? r.error?.message}`);
  return r.stdout;
}

/** Runs `fn` with a scratch directory that is removed afterwards. */
function withTmp<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'svc-audio-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface FixtureOptions {
  sampleRate: number;
  channels: 1 | 2;
  seconds: number;
  /** 'sine' = 440 Hz tone; 'chirp' = tone sweeping 200 Hz → 3 kHz. */
  signal?: 'sine' | 'chirp';
  /** Extra ffmpeg output options, e.g. ['-c:a', 'libmp3lame', '-b:a', '64k']. */
  codecArgs: string[];
  /** Extra inputs after the generated audio (input 0), e.g. a lavfi video source. */
  inputArgs?: string[];
  /** Output file extension; decides the container. */
  ext: 'wav' | 'mp3' | 'm4a' | 'mp4';
}

/** Generates audio with ffmpeg's lavfi sources. */
export function ffmpegFixture(o: FixtureOptions): Buffer {
  const src =
    o.signal === 'chirp'
      ? `aevalsrc=0.5*sin(2*PI*(200*t+${(2800 / (2 * o.seconds)).toFixed(6)}*t*t)):s=${o.sampleRate}:d=${o.seconds}`
      : `sine=frequency=440:sample_rate=${o.sampleRate}:duration=${o.seconds}`;
  return withTmp((dir) => {
    const out = join(dir, `out.${o.ext}`);
    run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      src,
      ...(o.inputArgs ?? []),
      '-ac',
      String(o.channels),
      ...o.codecArgs,
      out,
    ]);
    return readFileSync(out);
  });
}

export interface ProbeResult {
  formatName: string;
  codecName: string;
  sampleRate: number;
  channels: number;
  /** Container duration as ffprobe reports it. */
  duration: number;
}

export function ffprobe(buf: Uint8Array, ext: string): ProbeResult {
  return withTmp((dir) => {
    const file = join(dir, `in.${ext}`);
    writeFileSync(file, buf);
    const json = run('ffprobe', [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      file,
    ]).toString();
    const p = JSON.parse(json) as {
      format: { format_name: string; duration: string };
      streams: { codec_type: string; codec_name: string; sample_rate: string; channels: number }[];
    };
    const a = p.streams.find((s) => s.codec_type === 'audio');
    if (!a) throw new Error('ffprobe: no audio stream');
    return {
      formatName: p.format.format_name,
      codecName: a.codec_name,
      sampleRate: Number(a.sample_rate),
      channels: a.channels,
      duration: Number(p.format.duration),
    };
  });
}

export function ffprobeHasAudio(buf: Uint8Array): boolean {
  try {
    ffprobe(buf, 'mp4');
    return true;
  } catch {
    return false;
  }
}

/** Decodes with ffmpeg (gapless trimming applied when the file says how) and counts the samples. */
export function ffmpegDecodedSamples(buf: Uint8Array, ext: string): number {
  return withTmp((dir) => {
    const file = join(dir, `in.${ext}`);
    writeFileSync(file, buf);
    const pcm = run('ffmpeg', ['-v', 'error', '-i', file, '-ac', '1', '-f', 's16le', '-']);
    return pcm.length / 2;
  });
}

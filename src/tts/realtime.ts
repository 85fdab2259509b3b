/**
 * WS /v1/tts/realtime (frames in openapi/gateway.yaml, decisions D-TTS-5..7):
 *   client: start → (text... flush)... → close          server: started, binary audio, utterance_done..., completed
 * Each flushed batch of text is one utterance: prechecked before synthesis, billed once its last audio
 * frame was handed to the socket. Every invalid frame gets an `error` frame and a documented close code.
 */
import type { ValidateFunction } from 'ajv';
import type { WebSocket } from 'ws';
import { assertValid } from '../contract/compile.js';
import type { Clock, ClockTimer } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { WsContext, WsHandler } from '../http/context.js';
import { isApiError } from '../core/errors.js';
import { depthMessage, jsonDepthOverflow } from '../http/json-limits.js';
import { closeSessionOnError, SESSION_HALT, SessionError } from '../http/socket-registry.js';
import { CLOSE } from '../http/ws-close-codes.js';
import { MeteringError } from '../metering/index.js';
import type { QualityTier } from '../audio/index.js';
import type { TtsService, Utterance } from './service.js';
import { countCharacters } from './service.js';
import { STREAM_STALL_TIMEOUT_MS } from './routes.js';

/** Text frames reach us unvalidated (ws-gateway skips ws's UTF-8 check): bad UTF-8 is invalid JSON. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Characters one utterance may hold: the TtsRequest limit. */
export const MAX_UTTERANCE_CHARACTERS = 500;
/** A session with no client frame and no work in progress for this long (clock time) is closed with 4408. */
export const IDLE_TIMEOUT_MS = 60_000;
/** Above this many buffered bytes the sender waits for the socket before sending more audio. */
const HIGH_WATER_BYTES = 256 * 1024;

type FrameType = 'start' | 'text' | 'flush' | 'close';
const FRAME_SCHEMAS: Record<FrameType, string> = {
  start: 'TtsRealtimeStartFrame',
  text: 'TtsRealtimeTextFrame',
  flush: 'TtsRealtimeFlushFrame',
  close: 'TtsRealtimeCloseFrame',
};

interface StartFrame {
  type: 'start';
  voice: string;
  speed: number;
  quality: QualityTier;
  format: 'mp3' | 'pcm_s16le';
  sample_rate?: number;
}

/** Raised inside the session to end it with an error frame and a close code. */
export interface RealtimeDeps {
  service: TtsService;
  contract: Pick<Contract, 'schema'>;
  /** A session's idle timeout follows its organization's clock. */
  clocks: Pick<OrgClocks, 'for'>;
  /** Wall time a client may read nothing before it is dropped (default: the /v1/tts/stream limit, 30 s). */
  stallTimeoutMs?: number;
}

export function ttsRealtimeHandler(deps: RealtimeDeps): WsHandler {
  const validators = Object.fromEntries(
    Object.entries(FRAME_SCHEMAS).map(([type, name]) => [type, deps.contract.schema(name)]),
  ) as Record<FrameType, ValidateFunction>;
  return (ws, ctx) => {
    new RealtimeSession(ws, ctx, deps, validators).begin();
  };
}

class RealtimeSession {
  private start: StartFrame | undefined;
  private pending: string[] = [];
  private pendingCharacters = 0;
  private closing = false;
  private ended = false;
  private busy = 0;
  private utterances = 0;
  private charactersBilled = 0;
  private audioSeconds = 0;
  private work: Promise<void> = Promise.resolve();
  private idleTimer: ClockTimer | undefined;
  private readonly abort = new AbortController();
  private readonly clock: Clock;

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: WsContext,
    private readonly deps: RealtimeDeps,
    private readonly validators: Record<FrameType, ValidateFunction>,
  ) {
    this.clock = deps.clocks.for(ctx.principal.orgId);
  }

  begin(): void {
    // Protocol-level failures (bad UTF-8, oversized frames) are closed by ws itself; never let them throw.
    this.ws.on('error', () => undefined);
    this.ws.on('message', (data: Buffer, isBinary: boolean) => this.onMessage(data, isBinary));
    this.ws.once('close', () => this.stop('the WebSocket closed'));
    // A stalled session (fault) sends nothing more: the utterance under way is not billed.
    this.ws.once(SESSION_HALT, () => this.stop('the session stalled'));
    this.armIdleTimer();
  }

  private stop(why: string): void {
    this.ended = true;
    this.idleTimer?.cancel();
    this.abort.abort(new Error(why));
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    if (this.ended) return;
    this.armIdleTimer();
    try {
      if (isBinary) {
        throw new SessionError(
          CLOSE.wrongFrameKind,
          'unsupported_frame',
          'binary frames are not accepted; send JSON text frames (start, text, flush, close)',
        );
      }
      // Frames after `close` are ignored: the session is only finishing its queued audio.
      if (this.closing) return;
      this.handle(this.parse(data));
    } catch (err) {
      this.fail(err);
    }
  }

  private parse(data: Buffer): { type: FrameType } & Record<string, unknown> {
    const deep = jsonDepthOverflow(data);
    if (deep >= 0) throw new SessionError(CLOSE.protocol, 'json_too_deep', depthMessage('the frame', deep));
    let frame: unknown;
    try {
      frame = JSON.parse(strictUtf8.decode(data));
    } catch {
      throw new SessionError(CLOSE.protocol, 'invalid_json', 'the frame is not valid JSON');
    }
    const type =
      frame && typeof frame === 'object' && !Array.isArray(frame)
        ? (frame as { type?: unknown }).type
        : undefined;
    if (typeof type !== 'string' || !Object.hasOwn(FRAME_SCHEMAS, type)) {
      throw new SessionError(
        CLOSE.protocol,
        'validation_failed',
        `frame.type must be one of ${Object.keys(FRAME_SCHEMAS).join(', ')} (got ${JSON.stringify(type) ?? 'nothing'})`,
      );
    }
    try {
      assertValid(this.validators[type as FrameType], frame, 'frame');
    } catch (err) {
      if (isApiError(err)) throw new SessionError(CLOSE.protocol, err.code, err.detail ?? err.message);
      throw err;
    }
    return frame as { type: FrameType } & Record<string, unknown>;
  }

  private handle(frame: { type: FrameType } & Record<string, unknown>): void {
    if (frame.type === 'start') return this.onStart(frame as unknown as StartFrame);
    if (!this.start) {
      throw new SessionError(
        CLOSE.protocol,
        'protocol_error',
        `the first frame must be a start frame (got ${frame.type})`,
      );
    }
    if (frame.type === 'text') return this.onText(frame.text as string);
    if (frame.type === 'flush') return this.flush();
    this.closing = true;
    this.flush();
    this.enqueue(() => this.complete());
  }

  private onStart(frame: StartFrame): void {
    if (this.start)
      throw new SessionError(CLOSE.protocol, 'protocol_error', 'start may be sent only once per session');
    if (frame.sample_rate !== undefined && frame.format !== 'pcm_s16le') {
      throw new SessionError(
        CLOSE.protocol,
        'validation_failed',
        `frame.sample_rate applies to format pcm_s16le only; mp3 uses the quality tier's rate`,
      );
    }
    // Resolves the voice and the rate now, so an unknown voice fails the start frame rather than the first flush.
    const probe = this.utterance('.', frame);
    this.start = frame;
    this.send({
      type: 'started',
      request_id: this.ctx.requestId,
      voice: probe.voice.id,
      speed: probe.speed,
      quality: probe.quality,
      format: frame.format,
      sample_rate: probe.sampleRate,
      ...(frame.format === 'mp3' ? { bitrate_kbps: probe.mp3Kbps } : {}),
    });
  }

  private onText(text: string): void {
    const n = countCharacters(text);
    if (this.pendingCharacters + n > MAX_UTTERANCE_CHARACTERS) {
      throw new SessionError(
        CLOSE.protocol,
        'validation_failed',
        `an utterance may hold at most ${MAX_UTTERANCE_CHARACTERS} characters (got ${this.pendingCharacters + n}); send flush before it grows past the limit`,
      );
    }
    this.pending.push(text);
    this.pendingCharacters += n;
  }

  /** Queues the pending text as one utterance; an empty flush does nothing. */
  private flush(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.pendingCharacters = 0;
    this.enqueue(() => this.speak(text));
  }

  private enqueue(step: () => Promise<void>): void {
    this.busy++;
    this.work = this.work
      .then(async () => {
        if (!this.ended) await step();
      })
      .catch((err: unknown) => this.fail(err))
      .finally(() => {
        this.busy--;
        this.armIdleTimer();
      });
  }

  private utterance(text: string, start: StartFrame): Utterance {
    try {
      const rate = start.format === 'pcm_s16le' ? start.sample_rate : undefined;
      return this.deps.service.utterance(
        { text, voice: start.voice, speed: start.speed, quality: start.quality },
        rate,
      );
    } catch (err) {
      if (isApiError(err)) throw new SessionError(CLOSE.protocol, err.code, err.detail ?? err.message);
      throw err;
    }
  }

  private async speak(text: string): Promise<void> {
    const start = this.start!;
    const u = this.utterance(text, start);
    try {
      const held = this.deps.service.precheck(this.ctx.principal, u);
      if (held) await held;
    } catch (err) {
      if (err instanceof MeteringError) throw new SessionError(CLOSE.quota, err.code, err.detail);
      throw err;
    }
    const { signal } = this.abort;
    const audio =
      start.format === 'mp3'
        ? this.deps.service.mp3Stream(u, signal)
        : this.deps.service.pcmS16leStream(u, signal);
    let last: Promise<void> = Promise.resolve();
    try {
      for await (const chunk of audio) {
        if (this.ended) return;
        last = this.sendBinary(chunk);
        // A slow reader: wait for the socket rather than queueing the whole utterance in memory.
        if (this.ws.bufferedAmount > HIGH_WATER_BYTES && !(await this.readerKeepsUp(last))) return;
      }
      await last;
    } catch (err) {
      if (signal.aborted || this.ended) return;
      throw err;
    }
    // A socket that closed meanwhile did not receive every frame: nothing is billed.
    if (this.ended || this.ws.readyState !== this.ws.OPEN) return;
    // Billed only once every audio frame of the utterance was written to the socket.
    this.deps.service.record(this.ctx.principal, u, { requestId: this.ctx.requestId });
    this.charactersBilled += u.characters;
    this.audioSeconds += u.audioSeconds;
    this.send({
      type: 'utterance_done',
      utterance: this.utterances++,
      characters: u.characters,
      audio_seconds: round(u.audioSeconds),
    });
  }

  private async complete(): Promise<void> {
    this.send({
      type: 'completed',
      characters_billed: this.charactersBilled,
      audio_seconds: round(this.audioSeconds),
      utterances: this.utterances,
      request_id: this.ctx.requestId,
    });
    this.ended = true;
    this.idleTimer?.cancel();
    this.ws.close(CLOSE.normal, 'completed');
  }

  /** Resolves once the frame was written out, or failed to be (the socket closed: `ended` says so). */
  /**
   * Waits for the socket to take the audio. A client that reads nothing for the stall limit is dropped, as
   * /v1/tts/stream drops its socket (decision J5): a close frame would queue behind the audio it does not read,
   * so the socket is destroyed and the client sees 1006. Wall time: this is about the client's I/O.
   */
  private async readerKeepsUp(sent: Promise<void>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<'stalled'>((resolve) => {
      timer = setTimeout(() => resolve('stalled'), this.deps.stallTimeoutMs ?? STREAM_STALL_TIMEOUT_MS);
    });
    try {
      if ((await Promise.race([sent.then(() => 'sent' as const), stalled])) === 'sent') return true;
    } finally {
      clearTimeout(timer);
    }
    this.ended = true;
    this.idleTimer?.cancel();
    this.abort.abort(new Error('the client stopped reading'));
    this.ws.terminate();
    return false;
  }

  private sendBinary(chunk: Buffer): Promise<void> {
    if (this.ws.readyState !== this.ws.OPEN) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.send(chunk, { binary: true }, () => resolve());
    });
  }

  private send(frame: Record<string, unknown>): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private fail(err: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.idleTimer?.cancel();
    this.abort.abort(new Error('session failed'));
    closeSessionOnError(this.ws, err, 'tts realtime');
  }

  private armIdleTimer(): void {
    this.idleTimer?.cancel();
    if (this.ended) return;
    this.idleTimer = this.clock.setTimeout(
      () => {
        if (this.busy > 0) return this.armIdleTimer();
        this.fail(
          new SessionError(
            CLOSE.idle,
            'idle_timeout',
            `no frame for ${IDLE_TIMEOUT_MS / 1000} s of clock time`,
          ),
        );
      },
      IDLE_TIMEOUT_MS,
      'tts realtime idle',
    );
  }
}

/** Seconds to the microsecond: enough for any sample rate, and stable in JSON. */
function round(seconds: number): number {
  return Math.round(seconds * 1e6) / 1e6;
}

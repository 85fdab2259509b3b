/**
 * WS /v1/stt/realtime (frames in openapi/gateway.yaml, decisions "STT" in docs/decisions.md):
 *   client: start → binary PCM s16le… (keepalive)… → {"action":"close_stream"}
 *   server: partial… (interim_results) · final per committed segment · completed, then close 1000.
 * Sources, in order: a queue script of the organization, else the emulator's own voice (StreamingDecoder),
 * else fallback text per window of foreign audio. Metering: a checkpoint every N seconds of audio, a
 * true-up at completed; a stream closed any other way keeps its checkpoints.
 */
import type { ValidateFunction } from 'ajv';
import type { WebSocket } from 'ws';
import { s16leToFloat32 } from '../audio/pcm.js';
import { assertValid } from '../contract/compile.js';
import type { Clock, ClockTimer } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory } from '../core/random.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { WsContext, WsHandler } from '../http/context.js';
import { isApiError } from '../core/errors.js';
import { depthMessage, jsonDepthOverflow } from '../http/json-limits.js';
import { closeSessionOnError, SESSION_HALT, SessionError } from '../http/socket-registry.js';
import { CLOSE } from '../http/ws-close-codes.js';
import { scriptedError } from '../scripts/scripted-error.js';
import { MeteringError, type Metering, type RealtimeMeter } from '../metering/index.js';
import { StreamingDecoder, type StreamingEvent } from '../tts/voice/index.js';
import { FallbackStream, loadFaker, type FallbackEvent } from './fallback.js';
import { utteranceSegment, type SpeakerNamer } from './round-trip.js';
import { scriptedTranscript, type Script, type SttScripts } from './scripts.js';
import { detectLanguage, ms, type TranscriptSegment } from './transcript.js';

/** Text frames reach us unvalidated (ws-gateway skips ws's UTF-8 check): bad UTF-8 is invalid JSON. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export interface SttRealtimeConfig {
  /** Seconds of audio between metering checkpoints (default 30). */
  checkpointSeconds: number;
  /** Clock seconds without any client frame before the stream is closed with 4408 (default 15). */
  idleSeconds: number;
}

export interface SttRealtimeDeps {
  contract: Pick<Contract, 'schema'>;
  /** A session's time rules (idle timeout) follow its organization's clock. */
  clocks: Pick<OrgClocks, 'for'>;
  ids: IdFactory;
  metering: Metering;
  scripts: SttScripts;
  speaker: SpeakerNamer;
  config: SttRealtimeConfig;
}

interface StartFrame {
  type: 'start';
  encoding: 'pcm_s16le';
  sample_rate: 8000 | 16000;
  language: string;
  interim_results: boolean;
}

/** Ends the session with an error frame and a close code. */
export function sttRealtimeHandler(deps: SttRealtimeDeps): WsHandler {
  const validators = {
    start: deps.contract.schema('SttRealtimeStartFrame'),
    control: deps.contract.schema('SttRealtimeControlFrame'),
  };
  return (ws, ctx) => {
    new RealtimeSession(ws, ctx, deps, validators).begin();
  };
}

class RealtimeSession {
  private state: 'awaiting_start' | 'streaming' | 'done' = 'awaiting_start';
  private start!: StartFrame;
  private bytes = 0;
  private meter: RealtimeMeter | undefined;
  private nextCheckpoint = 0;
  private decoder: StreamingDecoder | undefined;
  private fallback: FallbackStream | undefined;
  private script: Script | undefined;
  private scriptSegmentsSent = 0;
  private readonly finals: string[] = [];
  private lastActivity: number;
  private idleTimer: ClockTimer | undefined;
  private readonly clock: Clock;

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: WsContext,
    private readonly deps: SttRealtimeDeps,
    private readonly validators: { start: ValidateFunction; control: ValidateFunction },
  ) {
    this.clock = deps.clocks.for(ctx.principal.orgId);
    this.lastActivity = this.clock.now();
  }

  begin(): void {
    // Protocol-level failures (bad UTF-8, oversized frames) are closed by ws itself; never let them throw.
    this.ws.on('error', () => undefined);
    // Frames wait (in order) until faker is loaded, which only the first session of a process notices.
    let queue: [Buffer, boolean][] | null = [];
    loadFaker().then(
      () => {
        const waiting = queue ?? [];
        queue = null;
        for (const [data, isBinary] of waiting) this.onMessage(data, isBinary);
      },
      (err: unknown) => this.fail(err),
    );
    this.ws.on('message', (data: Buffer, isBinary: boolean) =>
      queue ? queue.push([data, isBinary]) : this.onMessage(data, isBinary),
    );
    this.ws.once('close', () => this.onSocketClosed());
    // A stalled session (fault) transcribes nothing more: it ends as a dropped stream, its checkpoints stand.
    this.ws.once(SESSION_HALT, () => this.onSocketClosed());
    this.armIdleTimer();
  }

  private get seconds(): number {
    return this.bytes / 2 / this.start.sample_rate;
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    if (this.state === 'done') return;
    this.lastActivity = this.clock.now();
    try {
      if (this.state === 'awaiting_start') this.onFirstFrame(data, isBinary);
      else if (isBinary) this.onAudio(data);
      else this.onControl(data);
    } catch (err) {
      this.fail(err);
    }
  }

  // ------------------------------------------------------------------------------------------ frames

  private onFirstFrame(data: Buffer, isBinary: boolean): void {
    if (isBinary) {
      throw new SessionError(
        CLOSE.protocol,
        'start_required',
        'the first frame must be the JSON start frame ({"type":"start",...}); audio may follow it',
      );
    }
    const frame = parseJson(data);
    if (isObject(frame) && 'action' in frame && !('type' in frame)) {
      throw new SessionError(
        CLOSE.protocol,
        'start_required',
        `the first frame must be the JSON start frame (got action ${JSON.stringify(frame.action)})`,
      );
    }
    this.validate(this.validators.start, frame, 'invalid_start_frame', 'start');
    this.onStart(frame as StartFrame);
  }

  private onControl(data: Buffer): void {
    const frame = parseJson(data);
    if (!isObject(frame)) {
      throw new SessionError(
        CLOSE.wrongFrameKind,
        'binary_expected',
        'audio must be sent as binary frames of pcm_s16le; text frames carry only JSON control objects ({"action":"keepalive"} or {"action":"close_stream"})',
      );
    }
    if (frame.type === 'start')
      throw new SessionError(
        CLOSE.protocol,
        'already_started',
        'the stream has already started; send start only once',
      );
    this.validate(this.validators.control, frame, 'unknown_action', 'frame');
    if (frame.action === 'close_stream') this.complete();
    // keepalive: lastActivity is already updated.
  }

  private validate(validator: ValidateFunction, frame: unknown, code: string, root: string): void {
    try {
      assertValid(validator, frame, root);
    } catch (err) {
      if (isApiError(err)) throw new SessionError(CLOSE.protocol, code, err.detail ?? err.message);
      throw err;
    }
  }

  private onStart(frame: StartFrame): void {
    const { principal } = this.ctx;
    this.start = frame;
    this.state = 'streaming';
    this.script = this.deps.scripts.take(principal.orgId);
    if (this.script?.error) {
      const err = scriptedError(this.script);
      const close = err.status === 429 ? CLOSE.quota : err.status >= 500 ? CLOSE.internal : CLOSE.protocol;
      throw new SessionError(close, err.code, err.detail ?? err.title);
    }
    this.precheck(1);
    this.meter = this.deps.metering.openStream(principal, this.deps.ids.next('stream'), this.ctx.requestId);
    this.nextCheckpoint = this.deps.config.checkpointSeconds;
    if (!this.script) {
      this.decoder = new StreamingDecoder(frame.sample_rate);
      this.fallback = new FallbackStream(frame.sample_rate, frame.interim_results);
    }
  }

  private onAudio(data: Buffer): void {
    if (data.length % 2 !== 0) {
      throw new SessionError(
        CLOSE.protocol,
        'odd_byte_count',
        `pcm_s16le frames hold whole 2-byte samples (got ${data.length} bytes)`,
      );
    }
    if (data.length === 0) return;
    this.bytes += data.length;
    const pcm = s16leToFloat32(data);
    if (this.decoder) this.onVoiceEvents(this.decoder.push(pcm));
    if (this.fallback) this.onFallbackEvents(this.fallback.push(pcm, data));
    if (this.script) this.sendDueScriptSegments(false);
    this.checkpoint();
  }

  // ----------------------------------------------------------------------------------------- sources

  private onVoiceEvents(events: StreamingEvent[]): void {
    for (const e of events) {
      // The stream carries the emulator's own voice: the fallback stands down for good.
      this.fallback = undefined;
      if (e.type === 'partial') {
        if (this.start.interim_results)
          this.send({ type: 'partial', text: e.text, start: ms(e.start), end: ms(e.end) });
      } else {
        this.sendFinal(utteranceSegment(e.utterance, this.deps.speaker));
      }
    }
  }

  private onFallbackEvents(events: FallbackEvent[]): void {
    for (const e of events) {
      if (e.type === 'partial')
        this.send({ type: 'partial', text: e.text, start: ms(e.start), end: ms(e.end) });
      else for (const s of e.segments) this.sendFinal(s);
    }
  }

  /** Scripted segments are released once the audio has reached their end; the rest at close_stream. */
  private sendDueScriptSegments(all: boolean): void {
    // A text-only script is laid over the whole stream, so it can only be sent once the stream ends.
    if (!all && !this.script!.segments?.length) return;
    const segments = scriptedTranscript(this.script!, this.seconds).segments;
    while (this.scriptSegmentsSent < segments.length) {
      const s = segments[this.scriptSegmentsSent];
      if (!all && s.end > this.seconds) break;
      this.scriptSegmentsSent++;
      this.sendFinal(s);
    }
  }

  private sendFinal(s: TranscriptSegment): void {
    this.finals.push(s.text);
    this.send({
      type: 'final',
      text: s.text,
      start: ms(s.start),
      end: ms(s.end),
      duration_so_far: ms(this.seconds),
      speaker: s.speaker,
    });
  }

  // ---------------------------------------------------------------------------------------- metering

  private precheck(seconds: number): void {
    try {
      this.deps.metering.precheck(this.ctx.principal, 'stt_realtime', seconds);
    } catch (err) {
      if (err instanceof MeteringError) throw new SessionError(CLOSE.quota, err.code, err.detail);
      throw err;
    }
  }

  private checkpoint(): void {
    const every = this.deps.config.checkpointSeconds;
    while (this.seconds >= this.nextCheckpoint) {
      this.meter!.checkpoint(this.nextCheckpoint);
      this.nextCheckpoint += every;
      try {
        this.precheck(every);
      } catch (err) {
        // Out of credits mid-stream: bill what was received, then close with 4429.
        this.meter!.complete(this.seconds);
        throw err;
      }
    }
  }

  // ------------------------------------------------------------------------------------------- end

  private complete(): void {
    if (this.decoder) this.onVoiceEvents(this.decoder.end());
    if (this.fallback) this.onFallbackEvents(this.fallback.finish());
    if (this.script) this.sendDueScriptSegments(true);
    const seconds = this.seconds;
    this.meter!.complete(seconds);
    const text = this.script?.text ?? this.finals.join(' ');
    this.send({
      type: 'completed',
      duration_seconds: seconds,
      text,
      segments: this.finals.length,
      language:
        this.script?.language ??
        (this.start.language === 'auto' ? detectLanguage(text) : this.start.language),
      request_id: this.ctx.requestId,
    });
    this.state = 'done';
    this.idleTimer?.cancel();
    this.ws.close(CLOSE.normal, 'completed');
  }

  private onSocketClosed(): void {
    this.state = 'done';
    this.idleTimer?.cancel();
    // Dropped (client gone, revoked key, protocol error, idle): the checkpoints stand.
    if (this.meter?.state === 'open') this.meter.drop();
  }

  private fail(err: unknown): void {
    this.state = 'done';
    this.idleTimer?.cancel();
    closeSessionOnError(this.ws, err, 'STT realtime');
  }

  /**
   * One clock timer per session, re-armed lazily: frames only move `lastActivity`, and the timer, when it
   * fires early, waits for the rest of the idle period.
   */
  private armIdleTimer(): void {
    const idleMs = this.deps.config.idleSeconds * 1000;
    const due = this.lastActivity + idleMs - this.clock.now();
    this.idleTimer = this.clock.setTimeout(
      () => {
        if (this.state === 'done') return;
        if (this.clock.now() - this.lastActivity >= idleMs) {
          this.fail(
            new SessionError(
              CLOSE.idle,
              'idle_timeout',
              `no audio or keepalive for ${this.deps.config.idleSeconds} s; send {"action":"keepalive"} during silence`,
            ),
          );
        } else {
          this.armIdleTimer();
        }
      },
      Math.max(0, due),
      'stt realtime idle',
    );
  }

  private send(frame: Record<string, unknown>): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(frame));
  }
}

function parseJson(data: Buffer): unknown {
  const deep = jsonDepthOverflow(data);
  if (deep >= 0)
    throw new SessionError(CLOSE.protocol, 'json_too_deep', depthMessage('the text frame', deep));
  try {
    return JSON.parse(strictUtf8.decode(data));
  } catch {
    throw new SessionError(CLOSE.protocol, 'invalid_json', 'the text frame is not valid JSON');
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

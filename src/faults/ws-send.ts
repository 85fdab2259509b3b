/**
 * Wrapping a session socket's `send` for the frame faults (ws_stall, ws_frame_delay, extra_fields): each wrapper
 * sees the frame the layer above sent, with its options and callback normalized, and passes it on (or not).
 */
import type { WebSocket } from 'ws';

export type SendCallback = (err?: Error) => void;

export interface OutFrame {
  data: any;
  options: object | undefined;
  cb: SendCallback | undefined;
}

export type Forward = (frame: OutFrame) => void;

/** Replaces `ws.send` with `wrap(frame)`; returns the `send` it replaced, for `wrap` to pass frames on. */
export function wrapSend(ws: WebSocket, wrap: (frame: OutFrame) => void): Forward {
  const inner = ws.send.bind(ws) as (data: any, options?: object, cb?: SendCallback) => void;
  ws.send = ((data: any, options?: object | SendCallback, cb?: SendCallback) => {
    if (typeof options === 'function') wrap({ data, options: undefined, cb: options as SendCallback });
    else wrap({ data, options, cb });
  }) as typeof ws.send;
  return (f) => inner(f.data, f.options, f.cb);
}

/** A frame that will never be written: its callback learns so, later, as ws tells a send on a closed socket. */
export function dropFrame(frame: OutFrame, why: string): void {
  if (frame.cb) process.nextTick(frame.cb, new Error(why));
}

export function frameBytes(data: any): number {
  if (typeof data === 'string') return Buffer.byteLength(data);
  return (data as { byteLength?: number })?.byteLength ?? 0;
}

/** A text frame (JSON) rather than binary audio. */
export function isTextFrame(frame: OutFrame): boolean {
  const binary = (frame.options as { binary?: boolean } | undefined)?.binary;
  // ws sends a string as text unless told binary, and bytes as binary unless told `binary: false`.
  return typeof frame.data === 'string' ? binary !== true : Buffer.isBuffer(frame.data) && binary === false;
}

/**
 * A small fetch client for the snapshot tests: the emulator's origin (`http://127.0.0.1:PORT`), JSON or
 * multipart bodies, a bearer key; JSON answers parsed, audio answers reduced to their SHA-256.
 */
import { createHash } from 'node:crypto';

export interface Api {
  origin: string;
}

export interface Answer {
  status: number;
  body: any;
  requestId: string | null;
}

export interface CallOptions {
  body?: unknown;
  form?: FormData;
  key?: string;
  raw?: Buffer;
  headers?: Record<string, string>;
}

export async function call(api: Api, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: FormData | Buffer | string | undefined;
  if (opts.form) body = opts.form;
  else if (opts.raw) body = opts.raw;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${api.origin}${path}`, { method, headers, body });
  const type = res.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await res.arrayBuffer());
  let parsed: unknown;
  if (type.includes('json') && bytes.length > 0) parsed = JSON.parse(bytes.toString('utf8'));
  else if (bytes.length > 0) parsed = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  return { status: res.status, body: parsed, requestId: res.headers.get('x-request-id') };
}

/** The raw bytes of an answer (a state export), with its status. */
export async function bytes(api: Api, path: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(`${api.origin}${path}`);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

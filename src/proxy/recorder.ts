/**
 * `--record DIR`: writes each proxied exchange as it completes. Files are written synchronously, before
 * the caller's response ends (or the journal entry of a WebSocket session is recorded), so a client that
 * has its answer can read the recording. Everything is redacted first (redact.ts).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { redactHeaders, redactJson, redactText } from './redact.js';
import { EXCHANGE_FILE_RE, RECORDING_FORMAT, sha256, type Exchange, type RecordedBody } from './recording.js';

export class Recorder {
  private seq: number;

  constructor(
    readonly dir: string,
    private readonly upstream: string,
    private readonly now: () => string,
  ) {
    mkdirSync(dir, { recursive: true });
    // Continue after what is already there, so several runs can record into one folder.
    const last = readdirSync(dir)
      .filter((f) => EXCHANGE_FILE_RE.test(f))
      .map((f) => Number(f.slice(0, 6)))
      .reduce((a, b) => Math.max(a, b), 0);
    this.seq = last;
  }

  /** Reserves the exchange's name when the request arrives, so files sort in arrival order. */
  open(method: string, path: string): Draft {
    this.seq++;
    const slug = path
      .replace(/^\/v1\/?/, '')
      .replace(/[^a-zA-Z0-9_.-]+/g, '_')
      .toLowerCase()
      .slice(0, 60);
    return new Draft(this, `${String(this.seq).padStart(6, '0')}-${method.toLowerCase()}-${slug}`);
  }

  writeFile(name: string, data: Buffer): void {
    writeFileSync(join(this.dir, name), data);
  }

  save(exchange: Omit<Exchange, 'format' | 'recorded_at' | 'upstream'>): void {
    const full = {
      format: RECORDING_FORMAT,
      recorded_at: this.now(),
      upstream: this.upstream,
      ...exchange,
    } as Exchange;
    this.writeFile(`${exchange.id}.json`, Buffer.from(`${JSON.stringify(full, null, 2)}\n`));
  }
}

/** One exchange being recorded: names its side files after itself. */
export class Draft {
  constructor(
    private readonly recorder: Recorder,
    readonly id: string,
  ) {}

  /** A body as recorded: JSON (redacted), text (redacted), or bytes in a file beside the exchange. */
  body(part: 'request' | 'response', contentType: string | undefined, data: Buffer | null): RecordedBody {
    if (!data || data.length === 0) return { kind: 'none' };
    const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
    if (/[/+]json$/.test(type)) {
      try {
        return { kind: 'json', json: redactJson(JSON.parse(data.toString('utf8'))) };
      } catch {
        /* not JSON after all: kept as text */
      }
    }
    if (type.startsWith('text/') || /[/+]json$/.test(type))
      return { kind: 'text', text: redactText(data.toString('utf8')) };
    const file = `${this.id}.${part}.bin`;
    this.recorder.writeFile(file, data);
    return {
      kind: 'binary',
      content_type: contentType ?? null,
      size: data.length,
      sha256: sha256(data),
      file,
    };
  }

  /** A multipart body: text fields (redacted) and, per file, its name, type, size and SHA-256, bytes beside. */
  multipart(
    form: FormData,
    files: { field: string; filename: string; type: string; data: Buffer }[],
  ): RecordedBody {
    const fields: Record<string, string> = {};
    for (const [name, value] of form.entries())
      if (typeof value === 'string') fields[name] = redactText(value);
    return {
      kind: 'multipart',
      fields,
      files: files.map((f, i) => {
        const file = `${this.id}.request.file${i}.bin`;
        this.recorder.writeFile(file, f.data);
        return {
          field: f.field,
          filename: redactText(f.filename),
          content_type: f.type,
          size: f.data.length,
          sha256: sha256(f.data),
          file,
        };
      }),
    };
  }

  headers(headers: IncomingHttpHeaders | OutgoingHttpHeaders): Record<string, string> {
    return redactHeaders(headers);
  }

  writeBinary(data: Buffer): string {
    const file = `${this.id}.frames.bin`;
    this.recorder.writeFile(file, data);
    return file;
  }

  save(exchange: Omit<Exchange, 'format' | 'recorded_at' | 'upstream' | 'id'>): void {
    this.recorder.save({ ...exchange, id: this.id });
  }
}

/** A query object with every value redacted. */
export function redactQuery(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key).map(redactText);
    out[redactText(key)] = values.length === 1 ? values[0] : values;
  }
  return out;
}

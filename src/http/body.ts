/**
 * Body parsing for /v1 and admin operations. Syntax problems are 400s; rule violations are left to the
 * validators (422). JSON limit 1 MiB; multipart limits per operation.
 */
import { isUtf8 } from 'node:buffer';
import type { Request, Response } from 'express';
import express from 'express';
import { hashingMemoryStorage } from './upload-storage.js';
import { ApiError } from '../core/errors.js';
import { depthMessage, invalidUtf8Offset, jsonDepthOverflow } from './json-limits.js';
import type { UploadedFile } from './context.js';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Checked on the raw bytes before the parser runs: UTF-8 that is not well-formed would otherwise be
 * replaced by U+FFFD and accepted, and nesting deeper than MAX_JSON_DEPTH is refused before anything walks it.
 */
function verifyJsonBytes(_req: unknown, _res: unknown, buf: Buffer, encoding: string): void {
  // isUtf8 is native; the scan that finds the offending byte runs only when there is one.
  if (/^utf-?8$/i.test(encoding) && !isUtf8(buf)) {
    const bad = invalidUtf8Offset(buf);
    if (bad >= 0) {
      throw new ApiError(
        'malformed_request',
        `the body is not valid UTF-8: byte ${bad} (0x${buf[bad].toString(16).padStart(2, '0')}) starts no valid sequence`,
      );
    }
  }
  const text = /^utf-?8$/i.test(encoding) ? buf : buf.toString(encoding as BufferEncoding);
  const deep = jsonDepthOverflow(text);
  if (deep >= 0) throw new ApiError('json_too_deep', depthMessage('the JSON body', deep));
}

const jsonParser = express.json({
  limit: JSON_BODY_LIMIT_BYTES,
  strict: false,
  type: () => true,
  verify: verifyJsonBytes,
});

function run(middleware: express.RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    middleware(req, res, (err?: unknown) =>
      err ? reject(err instanceof Error ? err : new Error('body parser failed')) : resolve(),
    );
  });
}

function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * The declared length of a body that needs none of body-parser's work: UTF-8 (no charset, or `charset=utf-8`),
 * not compressed, not chunked, and within the limit; 0 for any other (body-parser reads those, with its
 * inflation, charsets and errors). Nearly every JSON request is one of these.
 */
function plainJsonLength(req: Request): number {
  const h = req.headers;
  if (h['transfer-encoding'] !== undefined) return 0;
  const coding = h['content-encoding'];
  if (coding !== undefined && coding.trim().toLowerCase() !== 'identity') return 0;
  const length = Number(h['content-length']);
  if (!(length > 0 && length <= JSON_BODY_LIMIT_BYTES)) return 0;
  const type = h['content-type'] ?? '';
  const semi = type.indexOf(';');
  return semi < 0 || /^\s*charset\s*=\s*"?utf-8"?\s*$/i.test(type.slice(semi + 1)) ? length : 0;
}

/** Exactly `length` bytes of the request (Node's parser stops at Content-Length), or an error if it is cut short. */
function readBody(req: Request, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // The client may have gone before the pipeline got here: its 'close' will not come again.
    if (req.destroyed) return reject(new Error('request aborted'));
    const chunks: Buffer[] = [];
    let received = 0;
    const done = (err?: Error) => {
      req.off('data', onData).off('end', onEnd).off('error', done).off('close', onClose);
      if (err) reject(err);
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () =>
      done(received === length ? undefined : new Error('request size did not match content length'));
    const onClose = () => done(new Error('request aborted'));
    req.on('data', onData).on('end', onEnd).on('error', done).on('close', onClose);
  });
}

/** Parses a JSON body. An empty body where one is required is a 400: there is nothing to validate. */
export async function parseJsonBody(req: Request, res: Response, required: boolean): Promise<unknown> {
  if (!hasBody(req)) {
    if (!required) return {};
    throw new ApiError(
      'invalid_json',
      'the request body is empty; send a JSON object with Content-Type: application/json',
    );
  }
  if (!isJsonType(req.headers['content-type'])) {
    throw new ApiError(
      'unsupported_content_type',
      `Content-Type must be application/json (got ${req.headers['content-type'] ? `'${req.headers['content-type']}'` : 'none'})`,
    );
  }
  try {
    const length = plainJsonLength(req);
    if (length > 0) {
      // What body-parser does for such a body (strict: false, its decoder dropping a byte order mark), without
      // its stream plumbing and decoder: a twentieth of a search request's CPU.
      const bytes = await readBody(req, length);
      verifyJsonBytes(req, res, bytes, 'utf-8');
      const text = bytes.toString('utf8');
      const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      req.body = json.length === 0 ? {} : (JSON.parse(json) as unknown);
    } else {
      await run(jsonParser, req, res);
    }
  } catch (err: any) {
    if (err instanceof ApiError) throw err;
    if (err?.type === 'entity.too.large') {
      throw new ApiError('body_too_large', `the JSON body must be at most ${JSON_BODY_LIMIT_BYTES} bytes`);
    }
    if (err?.type === 'charset.unsupported' || err?.type === 'encoding.unsupported') {
      throw new ApiError('unsupported_content_type', `the body must be UTF-8 JSON (${String(err.message)})`);
    }
    throw new ApiError(
      'invalid_json',
      `the body is not valid JSON: ${String(err?.message ?? 'parse error')}`,
    );
  }
  return req.body;
}

export interface MultipartLimits {
  maxFileBytes: number;
  tooLargeCode: 'file_too_large' | 'document_too_large';
}

export async function parseMultipartBody(
  req: Request,
  res: Response,
  fileFields: string[],
  limits: MultipartLimits,
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile> }> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !/boundary=/i.test(contentType)) {
    throw new ApiError(
      'unsupported_content_type',
      `Content-Type must be multipart/form-data with a boundary (got ${contentType ? `'${contentType}'` : 'none'})`,
    );
  }
  // Memory storage (hashing as it reads) is bounded by the per-file limit; multer aborts the upload as soon as it is exceeded.
  // File names without a charset are read as UTF-8 (what browsers and HTTP clients send), not busboy's Latin-1
  // default; an RFC 5987 `filename*` names its own charset.
  // multer (with busboy) is loaded by the first upload, not at start-up (docs/benchmarks.md, issue 15).
  const { default: multer } = await import('multer');
  const upload = multer({
    storage: hashingMemoryStorage(limits.maxFileBytes),
    defParamCharset: 'utf8',
    limits: {
      fileSize: limits.maxFileBytes,
      files: fileFields.length || 1,
      fields: 50,
      fieldSize: 1024 * 1024,
      parts: 60,
    },
  }).any();
  try {
    await run(upload, req, res);
  } catch (err: any) {
    if (err?.code === 'LIMIT_FILE_SIZE') {
      throw new ApiError(
        limits.tooLargeCode,
        `${String(err.field ?? 'file')} must be at most ${limits.maxFileBytes} bytes`,
      );
    }
    if (err?.code === 'LIMIT_FILE_COUNT' || err?.code === 'LIMIT_UNEXPECTED_FILE') {
      throw new ApiError(
        'validation_failed',
        `only one file is accepted, in the field ${fileFields.join(' or ')}`,
      );
    }
    if (typeof err?.code === 'string' && err.code.startsWith('LIMIT_')) {
      throw new ApiError('invalid_multipart', `the multipart body exceeds a limit: ${String(err.message)}`);
    }
    throw new ApiError(
      'invalid_multipart',
      `the multipart body could not be parsed: ${String(err?.message ?? err)}`,
    );
  }
  const files: Record<string, UploadedFile> = {};
  for (const f of (req.files as Express.Multer.File[] | undefined) ?? []) {
    if (!fileFields.includes(f.fieldname)) {
      throw new ApiError('validation_failed', `${f.fieldname} must be a text field, not a file`);
    }
    files[f.fieldname] = {
      fieldName: f.fieldname,
      originalName: f.originalname,
      declaredType: f.mimetype,
      buffer: f.buffer,
      size: f.size,
    };
  }
  // A null-prototype object, so a field named __proto__ stays plain data.
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
    if (fileFields.includes(name)) {
      throw new ApiError(
        'validation_failed',
        `${name} must be a file part (with a filename), not a text field`,
      );
    }
    fields[name] = Array.isArray(value) ? String(value[value.length - 1]) : String(value);
  }
  return { fields, files };
}

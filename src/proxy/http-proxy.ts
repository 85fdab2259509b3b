/**
 * Proxy mode for /v1 HTTP: faults first (so QA can break real traffic), then the request is checked
 * against the contract, forwarded with the caller's key, and the answer passed back as it arrives. JSON
 * answers are read whole to be checked; everything else (audio, the chunked /tts/stream) is piped chunk
 * by chunk. Upstream unreachable: 502 `upstream_error`; silent past the timeout: 504 `upstream_timeout`.
 */
import { requestFaultRule } from '../faults/header.js';
import { once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Request, Response } from 'express';
import type { RouteMatch } from '../contract/compile.js';
import { applyRequestFault } from '../faults/stage.js';
import type { FaultStore } from '../faults/store.js';
import { ApiError } from '../core/errors.js';
import { requestState } from '../http/request-state.js';
import type { Metering } from '../metering/index.js';
import type { ProxyContract, Violation } from './contract.js';
import type { Draft, Recorder } from './recorder.js';
import { redactQuery } from './recorder.js';
import { RECORD_LIMIT_BYTES, type RecordedBody } from './recording.js';
import { callerOf, forwardedHeaders, returnedHeaders, type Upstream } from './upstream.js';

/** The largest request body forwarded: the biggest documented upload (25 MiB) and some room for the form. */
const REQUEST_LIMIT_BYTES = 26 * 1024 * 1024;
/** JSON answers are checked whole; past this they are passed on unchecked. */
const JSON_LIMIT_BYTES = 8 * 1024 * 1024;

export interface HttpProxyDeps {
  upstream: Upstream;
  contract: ProxyContract;
  recorder: Recorder | null;
  faults: FaultStore;
  metering: Metering;
  timeoutMs: number;
}

export type HttpProxy = (req: Request, res: Response, match: RouteMatch) => Promise<void>;

export function createHttpProxy(deps: HttpProxyDeps): HttpProxy {
  return async (req, res, match) => {
    const state = requestState(res);
    const journal = state.journal;
    // Checked here, into the journal entry: the self-check is about the emulator's own answers.
    res.locals.contractExempt = true;
    journal.proxied = true;
    const op = match.kind === 'match' ? match.operation : undefined;
    journal.operation_id = op?.operationId ?? null;
    const path = req.baseUrl + req.path;
    const caller = callerOf(req.headers.authorization);
    if (caller)
      Object.assign(journal, {
        key_id: caller.keyId,
        key: caller.keyDisplay,
        environment: caller.environment,
      });

    const body = await readBody(req);
    const inspected = await inspectRequest(req.headers['content-type'], body, null);
    const mode = (inspected.value as { mode?: unknown } | undefined)?.mode;

    const hit = await deps.faults.take('request', {
      operation: op?.operationId,
      method: req.method,
      path,
      keyId: caller?.keyId,
      environment: caller?.environment,
      mode: typeof mode === 'string' ? mode : undefined,
      scope: journal.scope,
      requestRule: requestFaultRule(req),
    });
    if (hit) {
      journal.fault = hit.journal;
      journal.off_contract = hit.offContract;
      await applyRequestFault(hit, deps.faults, deps.metering, req, state.signal, caller ?? undefined);
    }
    // Only what reaches the gateway is recorded (a faulted request never does).
    const draft = deps.recorder?.open(req.method, path) ?? null;
    const recordedBody = draft
      ? (await inspectRequest(req.headers['content-type'], body, draft)).recorded
      : null;

    const query = new URL(req.originalUrl, 'http://x').searchParams;
    const violations: Violation[] = deps.contract.checkRequest(op, {
      params: match.kind === 'match' ? match.params : {},
      query: Object.fromEntries(query),
      body: inspected.value,
      bodyError: inspected.error,
    });
    journal.contract_violations = violations;

    const upstreamUrl = deps.upstream.url(req.originalUrl);
    const answer = await send(upstreamUrl, req, body, deps.timeoutMs, state.signal);
    const status = answer.statusCode ?? 502;
    // The caller sees the gateway's X-Request-Id (its problem bodies repeat it): the journal keeps the same id.
    const upstreamId = answer.headers['x-request-id'];
    if (typeof upstreamId === 'string' && upstreamId) journal.request_id = upstreamId;
    const contentType = answer.headers['content-type'];
    const headers = returnedHeaders(answer.headers);
    res.status(status);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value!);

    const isJson = /[/+]json\b/.test(contentType ?? '');
    const kept: Buffer[] = [];
    let size = 0;
    let text: string | undefined;
    if (isJson) {
      for await (const chunk of answer as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= JSON_LIMIT_BYTES) kept.push(chunk);
        else res.write(Buffer.concat(kept.splice(0).concat(chunk)));
      }
      if (size <= JSON_LIMIT_BYTES) text = Buffer.concat(kept).toString('utf8');
    } else {
      res.flushHeaders();
      try {
        for await (const chunk of answer as AsyncIterable<Buffer>) {
          if (draft && size + chunk.length <= RECORD_LIMIT_BYTES) kept.push(chunk);
          size += chunk.length;
          if (!res.write(chunk)) await once(res, 'drain');
        }
      } catch {
        // The upstream broke off mid-stream: so does the caller's stream.
        res.destroy();
        return;
      }
    }

    violations.push(
      ...deps.contract.checkResponse(op, req.method, path, {
        status,
        contentType,
        headers: answer.headers,
        body: text,
      }),
    );
    if (status >= 400 && text) journal.code = problemCode(text);
    if (draft) {
      draft.save({
        kind: 'http',
        operation_id: op?.operationId ?? null,
        request: {
          method: req.method,
          path,
          query: redactQuery(query),
          headers: draft.headers(req.headers),
          body: recordedBody ?? { kind: 'none' },
        },
        response: {
          status,
          headers: draft.headers(answer.headers),
          body: draft.body(
            'response',
            contentType,
            text !== undefined ? Buffer.from(text) : kept.length ? Buffer.concat(kept) : null,
          ),
        },
        contract_violations: violations,
      });
    }
    res.end(text);
  };
}

async function readBody(req: Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > REQUEST_LIMIT_BYTES)
      throw new ApiError(
        'body_too_large',
        `the proxy forwards bodies of at most ${REQUEST_LIMIT_BYTES} bytes`,
      );
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The body as the contract sees it (JSON, or multipart fields with each file's name in its place, as the
 * emulator's own pipeline validates it) and as the recording keeps it.
 */
async function inspectRequest(
  contentType: string | undefined,
  body: Buffer,
  draft: Draft | null,
): Promise<{ value?: unknown; error?: string; recorded: RecordedBody }> {
  if (body.length === 0) return { recorded: { kind: 'none' } };
  const none = { kind: 'none' } as const;
  if (/^multipart\/form-data/i.test(contentType ?? '')) {
    let form: FormData;
    try {
      form = await new globalThis.Response(body, { headers: { 'content-type': contentType! } }).formData();
    } catch (err) {
      return {
        error: `the multipart body could not be parsed: ${(err as Error).message}`,
        recorded: draft?.body('request', contentType, body) ?? none,
      };
    }
    const value: Record<string, string> = {};
    const files: { field: string; filename: string; type: string; data: Buffer }[] = [];
    for (const [name, part] of form.entries()) {
      if (typeof part === 'string') value[name] = part;
      else {
        value[name] = part.name || name;
        files.push({
          field: name,
          filename: part.name,
          type: part.type,
          data: Buffer.from(await part.arrayBuffer()),
        });
      }
    }
    return { value, recorded: draft?.multipart(form, files) ?? none };
  }
  const recorded = draft?.body('request', contentType, body) ?? none;
  try {
    return { value: JSON.parse(body.toString('utf8')), recorded };
  } catch {
    return { error: `the body is not valid JSON (Content-Type ${contentType ?? 'none'})`, recorded };
  }
}

function send(
  url: URL,
  req: Request,
  body: Buffer,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = (url.protocol === 'https:' ? https : http).request(url, {
      method: req.method,
      headers: { ...forwardedHeaders(req.headers), 'content-length': body.length },
    });
    client.setTimeout(timeoutMs, () => client.destroy(new UpstreamTimeout(timeoutMs)));
    const abort = () => client.destroy();
    signal.addEventListener('abort', abort, { once: true });
    client.once('response', resolve);
    client.once('error', (err) => {
      signal.removeEventListener('abort', abort);
      reject(
        err instanceof UpstreamTimeout
          ? new ApiError(
              'upstream_timeout',
              `the upstream gateway ${url.origin} did not answer within ${timeoutMs} ms`,
            )
          : new ApiError(
              'upstream_error',
              `the upstream gateway ${url.origin} could not be reached: ${(err as NodeJS.ErrnoException).code ?? err.message}`,
            ),
      );
    });
    client.end(body);
  });
}

class UpstreamTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

function problemCode(text: string): string | null {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/**
 * The state operations of the typed admin client (`GET` and `PUT /_emulator/state`, docs/state.md): a document
 * as parsed JSON, as bytes or as a stream (large states), and a load from any of them. Gzip is taken care of:
 * fetch asks for it and inflates the answer; a gzip upload (magic bytes 1f 8b) is sent with
 * `Content-Encoding: gzip`.
 */
import type { components } from './admin-api.js';
import { AdminApiError } from './admin-unwrap.js';

export interface StateQuery {
  /** One organization's state (its sandbox too when it is a sandbox's). */
  org?: string;
  /** One sandbox's state (`sbx_…`). */
  sandbox?: string;
  /** Left out unless asked: the request journal, and signing secrets (docs/state.md, "Secrets"). */
  include?: ('journal' | 'secrets')[];
}

/** A state document (schema `StateDocument` of openapi/admin.yaml); sections are the units' own. */
export type StateDocument = components['schemas']['StateDocument'];

/** What `PUT /state` answers: what was loaded (`LoadResult`). */
export type StateLoadResult = components['schemas']['LoadResult'];

/** A document to load: parsed, its bytes (JSON or gzip), or a stream of them. */
export type StateBody = StateDocument | Uint8Array | string | ReadableStream<Uint8Array>;

interface Transport {
  adminUrl: string;
  headers: Record<string, string>;
  fetch?: (request: Request) => Promise<Response>;
}

export function stateOperations(transport: Transport) {
  const send = async (method: 'GET' | 'PUT', query: StateQuery, init: RequestInit = {}) => {
    const url = new URL(`${transport.adminUrl.replace(/\/$/, '')}/state`);
    if (query.org !== undefined) url.searchParams.set('org', query.org);
    if (query.sandbox !== undefined) url.searchParams.set('sandbox', query.sandbox);
    if (query.include?.length) url.searchParams.set('include', query.include.join(','));
    const headers = { ...transport.headers, ...(init.headers as Record<string, string>) };
    const request = new Request(url, { ...init, method, headers });
    const response = await (transport.fetch ?? fetch)(request);
    if (!response.ok) {
      const text = await response.text();
      throw new AdminApiError(method, url.pathname + url.search, response.status, parseOr(text));
    }
    return response;
  };
  return {
    /** `GET /state`: the document, parsed. */
    get: async (query: StateQuery = {}): Promise<StateDocument> =>
      (await (await send('GET', query)).json()) as StateDocument,
    /** `GET /state`: the document's bytes as the emulator wrote them (canonical JSON: same state, same bytes). */
    bytes: async (query: StateQuery = {}): Promise<Uint8Array> =>
      new Uint8Array(await (await send('GET', query)).arrayBuffer()),
    /** `GET /state` as a stream, for states too big to hold (write it to a file). */
    stream: async (query: StateQuery = {}): Promise<ReadableStream<Uint8Array>> =>
      (await send('GET', query)).body ?? new Blob([]).stream(),
    /**
     * `PUT /state`: replaces the whole state (a document of the whole emulator), or adds or replaces the one
     * organization or sandbox the document holds. All or nothing: a refused document throws `AdminApiError`
     * with the problem (its `detail` names the path of the first bad field), and nothing changed.
     */
    put: async (body: StateBody): Promise<StateLoadResult> => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      let payload: RequestInit['body'];
      if (typeof body === 'string' || body instanceof Uint8Array) {
        const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
        if (bytes[0] === 0x1f && bytes[1] === 0x8b) headers['Content-Encoding'] = 'gzip';
        payload = bytes as RequestInit['body'];
      } else if (isStream(body)) {
        payload = body;
      } else {
        payload = JSON.stringify(body);
      }
      const init = { body: payload, headers, duplex: 'half' } as RequestInit;
      return (await (await send('PUT', {}, init)).json()) as StateLoadResult;
    },
  };
}

function isStream(body: unknown): body is ReadableStream<Uint8Array> {
  return typeof (body as ReadableStream).getReader === 'function';
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

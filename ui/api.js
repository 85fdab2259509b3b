// The admin API client of the dashboard: every call goes through here, with the admin token when one is set.

/** `/_emulator/`, derived from where this file is served (`/_emulator/ui/api.js`). */
const ADMIN_BASE = new URL('../', import.meta.url);
const TOKEN_KEY = 'svc-emulator.admin-token';

/** The emulator answered 401 `admin_unauthorized`: the page must ask for the token. */
export class AdminUnauthorized extends Error {}

/** Any other problem+json answer. */
export class ApiProblem extends Error {
  constructor(method, path, status, problem) {
    const what = problem?.code
      ? `${problem.code}: ${problem.detail ?? problem.title ?? ''}`
      : `HTTP ${status}`;
    super(`${method} /_emulator${path} → ${status} ${what}`);
    this.status = status;
    this.problem = problem;
  }
}

const unauthorizedListeners = new Set();

export function onUnauthorized(listener) {
  unauthorizedListeners.add(listener);
}

export function setToken(token) {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

export function hasToken() {
  return sessionStorage.getItem(TOKEN_KEY) !== null;
}

async function send(method, path, body, { signal, accept = 'application/json', raw = false } = {}) {
  const headers = { Accept: accept };
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers['X-Admin-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // A file as it is (a state document; gzip is named so the emulator inflates it).
  if (raw && body.gzip) headers['Content-Encoding'] = 'gzip';
  return fetch(new URL(path.replace(/^\//, ''), ADMIN_BASE), {
    method,
    headers,
    body: body === undefined ? undefined : raw ? body.bytes : JSON.stringify(body),
    signal,
    cache: 'no-store',
  });
}

async function fail(method, path, res, text) {
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = text ? { detail: text } : null;
  }
  if (res.status === 401 && data?.code === 'admin_unauthorized') {
    const err = new AdminUnauthorized(data.detail ?? 'admin token required');
    for (const listener of unauthorizedListeners) listener(err);
    throw err;
  }
  throw new ApiProblem(method, path, res.status, data);
}

/** Calls `/_emulator${path}`; resolves with the parsed JSON body (null for 204). */
export async function api(method, path, body, options = {}) {
  const res = await send(method, path, body, options);
  const text = await res.text();
  if (!res.ok) return fail(method, path, res, text);
  return text ? JSON.parse(text) : null;
}

/** `GET /_emulator${path}` for a non-JSON answer (JUnit XML, audio): resolves with its Blob. */
export async function apiBlob(path, accept) {
  const res = await send('GET', path, undefined, { accept });
  if (!res.ok) return fail('GET', path, res, await res.text());
  return res.blob();
}

/** Sends a file's bytes as they are (JSON, or gzip when its first bytes say so); resolves with the parsed answer. */
export async function apiUpload(method, path, file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const res = await send(method, path, { bytes, gzip }, { raw: true });
  const text = await res.text();
  if (!res.ok) return fail(method, path, res, text);
  return text ? JSON.parse(text) : null;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function delay(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

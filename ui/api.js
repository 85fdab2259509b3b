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

/** Calls `/_emulator${path}`; resolves with the parsed JSON body (null for 204). */
export async function api(method, path, body, { signal } = {}) {
  const headers = { Accept: 'application/json' };
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers['X-Admin-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(new URL(path.replace(/^\//, ''), ADMIN_BASE), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    cache: 'no-store',
  });
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { detail: text };
    }
  }
  if (res.status === 401 && data?.code === 'admin_unauthorized') {
    const err = new AdminUnauthorized(data.detail ?? 'admin token required');
    for (const listener of unauthorizedListeners) listener(err);
    throw err;
  }
  if (!res.ok) throw new ApiProblem(method, path, res.status, data);
  return data;
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

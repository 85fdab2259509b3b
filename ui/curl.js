// "Copy as curl" for a journal entry: the same method, URL, headers and body, with the API key replaced by
// the `$SVC_API_KEY` placeholder (the journal only ever holds a key's display form anyway).

/** The shell variable the command reads the key from. */
export const KEY_PLACEHOLDER = '$SVC_API_KEY';

// Headers curl sets itself, or that would be wrong to replay as recorded.
const SKIPPED = new Set([
  'authorization',
  'host',
  'content-length',
  'connection',
  'accept-encoding',
  'transfer-encoding',
  'user-agent',
  'x-admin-token',
]);

/** POSIX single-quoting: safe for any bytes, including Arabic text and quotes. */
export function shellQuote(text) {
  return `'${String(text).replace(/'/g, `'\\''`)}'`;
}

function pairs(value) {
  if (!value) return [];
  if (Array.isArray(value)) return value.map((p) => [p.name ?? p.field, p.value]);
  return Object.entries(value).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]));
}

/**
 * `{ command, notes }`, or `{ command: null, notes }` for a WebSocket session. `origin` is where the
 * emulator listens (the page's own origin). Works with today's list entries (method and path only) and
 * with full entries (`request.headers`, `query`, `body`, `multipart`).
 */
export function curlCommand(entry, origin) {
  const notes = [];
  if (entry.kind === 'websocket') {
    return {
      command: null,
      notes: ['A WebSocket session: curl cannot replay it. Use a WebSocket client on the same path.'],
    };
  }
  const req = entry.request ?? null;
  const url = new URL(entry.path, origin);
  for (const [k, v] of pairs(req?.query)) url.searchParams.append(k, String(v));
  const lines = [`curl -X ${entry.method} ${shellQuote(url.href)}`];

  const headers = pairs(req?.headers).map(([k, v]) => [k.toLowerCase(), v]);
  const hadKey = entry.key || headers.some(([k]) => k === 'authorization');
  // Double quotes so the shell expands the placeholder; nothing else goes inside them.
  if (hadKey) lines.push(`-H "Authorization: Bearer ${KEY_PLACEHOLDER}"`);
  const multipart = req?.multipart ?? null;
  for (const [name, value] of headers) {
    if (SKIPPED.has(name)) continue;
    if (multipart && name === 'content-type') continue; // curl -F writes its own boundary
    lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }

  if (multipart) {
    for (const [name, value] of pairs(multipart.fields)) lines.push(`-F ${shellQuote(`${name}=${value}`)}`);
    for (const f of multipart.files ?? []) {
      lines.push(`-F ${shellQuote(`${f.field}=@${f.name}${f.type ? `;type=${f.type}` : ''}`)}`);
      notes.push(`Needs the file ${f.name} (${f.size} bytes, SHA-256 ${f.sha256}) in the current folder.`);
    }
  } else if (req && req.body !== null && req.body !== undefined) {
    const body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
    lines.push(`--data-raw ${shellQuote(body)}`);
  }
  if (req?.body_truncated)
    notes.push('The journal truncated the request body: the command sends only its start.');
  if (!req)
    notes.push(
      `This journal keeps no request headers or body: the command has the method and path${hadKey ? ' and the key' : ''} only.`,
    );
  if (hadKey) notes.push(`Set ${KEY_PLACEHOLDER} to your API key first (export SVC_API_KEY=svc_test_…).`);
  return { command: lines.join(' \\\n  '), notes };
}

/**
 * The big state of the snapshot benchmark (issue 25), written as a state document (format version 1) to a
 * file, fast and deterministically. One real organization is made first, in process, through the public
 * HTTP API (a RAG document indexed, live TTS billed); its export is the template of every section's shape.
 * Then ORGS organizations are generated from it, each with its own id, a live key (a real key: its hash is
 * the emulator's hash of it, so the key authenticates after a load), DOCS/ORGS documents of Arabic-ish text
 * (average DOC_KB KB, cut into chunks by the engine's own chunker, `chunkText`, as an upload is),
 * their completed indexing jobs, and LEDGER/ORGS ledger entries (one `rag_upload` per document, the rest
 * `tts`), with the totals, period usage and balance those entries imply. The shared sections (clock, ids...)
 * are the in-process emulator's own.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { checksumTail } from '../src/core/api-keys.js';
import { BASE62 } from '../src/core/random.js';
import { createEmulator, type Emulator } from '../src/app/emulator.js';
import { hashKey } from '../src/orgs/store.js';
import { chunkText } from '../src/rag/engine/chunk.js';
import { STATE_VERSION } from '../src/snapshots/format.js';
import { shapeOf } from '../src/snapshots/naming.js';
import { canonical } from '../src/store/state-unit.js';

export interface FixtureSize {
  orgs: number;
  docs: number;
  ledger: number;
  docKb: number;
}

export interface Fixture {
  bytes: number;
  /** One generated organization and its live key, to check that a load really worked. */
  probe: { orgId: string; key: string; query: string };
}

const START = '2031-01-10T00:00:00.000Z';
const WORDS = (
  'سياسة الإجازات السنوية تمنح الموظف ثلاثين يوما مدفوعة الأجر ويجب تقديم طلب السفر قبل أسبوعين من موعد ' +
  'الرحلة وتغطي خطة التأمين الطبي الموظف وأسرته داخل المملكة وساعات العمل من الأحد إلى الخميس العقد ' +
  'الراتب المكافأة التدريب الأداء التقييم المشروع العميل الفاتورة المستودع الشحنة الجودة السلامة ' +
  'الامتثال اللائحة المراجعة الميزانية الإيرادات المصروفات الضريبة الاستثمار التقنية البيانات الشبكة'
).split(' ');

/** A deterministic 32-bit generator (mulberry32): the same fixture on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An id of the emulator's shape (`prefix_` + `length` base62 characters) from a number. */
function id(prefix: string, n: number, length: number): string {
  let s = '';
  for (let v = n; s.length < length; v = Math.floor(v / 62)) s = BASE62[v % 62] + s;
  return `${prefix}_${s}`;
}

/** Roughly `bytes` UTF-8 bytes of sentences of Arabic words (Arabic letters take two bytes). */
function text(random: () => number, bytes: number): string {
  const out: string[] = [];
  let size = 0;
  while (size < bytes) {
    const n = 6 + Math.floor(random() * 10);
    const words: string[] = [];
    for (let i = 0; i < n; i++) words.push(WORDS[Math.floor(random() * WORDS.length)]);
    const sentence = words.join(' ') + '.';
    out.push(sentence);
    size += Buffer.byteLength(sentence) + 1;
  }
  return out.join(' ');
}

async function json(method: string, url: string, body?: unknown, key?: string): Promise<any> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const t = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${t.slice(0, 300)}`);
  return t && /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(t) : undefined;
}

/** The template: one organization made through the API, and the emulator's whole document. */
async function template(emu: Emulator): Promise<{ doc: any; orgId: string }> {
  const { baseUrl, adminUrl } = await emu.listen(0, '127.0.0.1');
  const org = await json('POST', `${adminUrl}/orgs`, { name: 'template', rag_entitled: true, credits: 1e6 });
  await json('PUT', `${adminUrl}/orgs/${org.id}/rag`, { state: 'ready' });
  const key = await json('POST', `${adminUrl}/orgs/${org.id}/keys`, {
    environment: 'live',
    scopes: ['tts:speak', 'rag:query'],
  });
  const form = new FormData();
  form.append('file', new Blob([text(rng(1), 3000)], { type: 'text/plain' }), 'template.txt');
  form.append('title', 'template');
  const up = await fetch(`${baseUrl}/rag/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key.key}` },
    body: form,
  });
  if (up.status !== 202) throw new Error(`template upload: ${up.status} ${await up.text()}`);
  await json('POST', `${adminUrl}/clock/advance`, { seconds: 60 });
  const tts = await fetch(`${baseUrl}/tts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'س', voice: 'ar-SA-noura', quality: 'fast' }),
  });
  if (tts.status !== 200) throw new Error(`template tts: ${tts.status}`);
  await tts.arrayBuffer();
  // The document as the writer makes it (docs/state.md): every unit's sections, the journal left out, in the
  // document's spelling (snapshots/naming.ts).
  const { shared, orgs } = await emu.state.export({ secrets: true });
  delete shared.journal;
  for (const sections of Object.values(orgs)) delete sections.journal;
  const doc = {
    format: 'svc-emulator-state',
    version: STATE_VERSION,
    scope: { kind: 'emulator' },
    includes: ['secrets'],
    shared: shapeOf('StateShared').toDocument(shared, ''),
    orgs: Object.fromEntries(
      Object.entries(orgs).map(([id, sections]) => [id, shapeOf('StateOrg').toDocument(sections, '')]),
    ),
  };
  return { doc, orgId: org.id };
}

interface Counts {
  docs: number;
  ledger: number;
}

/**
 * One generated organization's sections, from the template's; built in the units' spelling and written in the
 * document's (snapshots/naming.ts).
 */
function generateOrg(
  template: any,
  n: number,
  counts: Counts,
  docKb: number,
): { orgId: string; key: string; sections: any } {
  const tpl = shapeOf('StateOrg').fromDocument(template) as any;
  const random = rng(1000 + n);
  const orgId = id('org', 1e9 + n, 16);
  const head = `svc_live_${id('B', 1e12 + n, 32).slice(2)}`;
  const key = head + checksumTail(head);
  const keyId = id('key', 2e9 + n, 16);
  const keyDisplay = `svc_live_…${key.slice(-4)}`;
  const at = (ms: number) => new Date(Date.parse(START) + ms).toISOString();
  const keyRecord = {
    ...tpl.orgs.keys[0],
    createdAt: START,
    display: keyDisplay,
    hash: hashKey(key).toString('hex'),
    id: keyId,
    orgId,
    scopes: ['rag:query', 'stt:transcribe', 'tts:speak'],
  };
  const entryTemplate = (product: string) =>
    tpl.billing.ledger.entries.find((e: any) => e.product === product) as Record<string, unknown>;
  const entries: any[] = [];
  const documents: any[] = [];
  const jobs: any[] = [];
  for (let d = 0; d < counts.docs; d++) {
    const bytes = Math.round(docKb * 1024 * (0.5 + random()));
    const body = text(random, bytes);
    const size = Buffer.byteLength(body);
    const chunks = chunkText(body).map((c) => c.text);
    const documentId = id('doc', 3e9 + n * 1e5 + d, 16);
    const jobId = id('ragjob', 3e9 + n * 1e5 + d, 16);
    const requestId = id('req', 4e9 + n * 1e6 + entries.length, 20);
    const entryId = id('ldg', 4e9 + n * 1e6 + entries.length, 20);
    const created = at(d * 1000);
    const done = at(d * 1000 + 500);
    const rate = entryTemplate('rag_upload').rate as number;
    entries.push({
      ...entryTemplate('rag_upload'),
      amount: size * rate,
      createdAt: created,
      id: entryId,
      jobId,
      keyDisplay,
      keyId,
      orgId,
      quantity: size,
      requestId,
    });
    documents.push({
      ...tpl.rag.documents[0],
      chunkCount: chunks.length,
      createdAt: created,
      documentId,
      fileName: `doc-${d}.txt`,
      language: 'ar',
      sizeBytes: size,
      text: { chunks },
      title: `Document ${d} of organization ${n}`,
      updatedAt: done,
    });
    jobs.push({
      ...tpl.rag.jobs[0],
      completedAt: done,
      createdAt: created,
      documentId,
      dueAt: done,
      jobId,
      requestId,
      updatedAt: done,
      usageEntryId: entryId,
    });
  }
  while (entries.length < counts.ledger) {
    const k = entries.length;
    entries.push({
      ...entryTemplate('tts'),
      createdAt: at(counts.docs * 1000 + k * 10),
      id: id('ldg', 4e9 + n * 1e6 + k, 20),
      keyDisplay,
      keyId,
      orgId,
      requestId: id('req', 4e9 + n * 1e6 + k, 20),
    });
  }
  const totals = new Map<string, any>();
  const periodUsage: Record<string, { quantity: number; amount: number }> = {};
  let consumed = 0;
  for (const e of entries) {
    const row = totals.get(e.product) ?? {
      amount: 0,
      count: 0,
      environment: 'live',
      product: e.product,
      quantity: 0,
      status: 'billed',
    };
    row.amount += e.amount;
    row.count += 1;
    row.quantity += e.quantity;
    totals.set(e.product, row);
    const u = (periodUsage[e.product] ??= { amount: 0, quantity: 0 });
    u.amount += e.amount;
    u.quantity += e.quantity;
    consumed += e.amount;
  }
  const grant = 1e6;
  const sections = {
    ...tpl,
    billing: {
      ...tpl.billing,
      balance: {
        balance: grant - consumed,
        consumedInPeriod: consumed,
        grantedInPeriod: grant,
        periodGrant: grant,
      },
      ledger: {
        dropped: false,
        entries,
        periodUsage,
        totals: [...totals.values()].sort((a, b) => (a.product < b.product ? -1 : 1)),
      },
    },
    orgs: { keys: [keyRecord], org: { ...tpl.orgs.org, createdAt: START, id: orgId, name: `Bench ${n}` } },
    rag: { documents, jobs, tenant: { ...tpl.rag.tenant, orgId } },
  };
  delete sections.rate_limits;
  delete sections.journal;
  return { orgId, key, sections: shapeOf('StateOrg').toDocument(sections, '') };
}

/** Writes the document to `path` (one organization per line) and says how big it is. */
export async function writeFixture(path: string, size: FixtureSize): Promise<Fixture> {
  const emu = await createEmulator({
    seed: 'state-bench',
    logLevel: 'silent',
    clockMode: 'frozen',
    clockStart: START,
    demoCorpus: false,
  });
  let tpl: { doc: any; orgId: string };
  try {
    tpl = await template(emu);
  } finally {
    await emu.close();
  }
  const { doc, orgId: tplId } = tpl;
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (s: string) => {
    bytes += Buffer.byteLength(s);
    if (!out.write(s)) await once(out, 'drain');
  };
  const { orgs: _orgs, ...envelope } = doc;
  // Keys sorted as canonical() writes them: format, includes, orgs, scope, shared, version.
  const head = JSON.stringify(canonical({ ...envelope, orgs: {} }));
  const [before, after] = head.split('"orgs":{}');
  await write(`${before}"orgs":{\n`);
  const ids = Object.keys(doc.orgs).filter((k) => k !== tplId);
  const generated: string[] = [];
  let probe: Fixture['probe'] | undefined;
  const lines: [string, string][] = ids.map((k) => [k, JSON.stringify(doc.orgs[k])]);
  for (let n = 0; n < size.orgs; n++) {
    const counts = {
      docs: Math.floor(size.docs / size.orgs) + (n < size.docs % size.orgs ? 1 : 0),
      ledger: Math.floor(size.ledger / size.orgs) + (n < size.ledger % size.orgs ? 1 : 0),
    };
    const g = generateOrg(doc.orgs[tplId], n, counts, size.docKb);
    probe ??= { orgId: g.orgId, key: g.key, query: WORDS[3] };
    generated.push(g.orgId);
    lines.push([g.orgId, JSON.stringify(canonical(g.sections))]);
  }
  lines.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  for (const [i, [k, v]] of lines.entries())
    await write(`${JSON.stringify(k)}:${v}${i < lines.length - 1 ? ',' : ''}\n`);
  await write(`}${after}\n`);
  out.end();
  await once(out, 'finish');
  return { bytes, probe: probe! };
}

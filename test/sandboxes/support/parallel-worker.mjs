/* global fetch, Buffer, FormData, Blob, setTimeout, clearTimeout */
/**
 * One worker of the sandbox parallel proof (issue 24): in its own thread, it makes a sandbox with its own frozen
 * clock and a webhook receiver of its own, runs the same story twice with a sandbox reset in between, and
 * posts what it observed. Plain fetch and node:http, as a test file of another suite would.
 *
 * The story: a 90 s STT job; the clock advanced past the job (the receiver fails `job.completed` twice), past
 * the month end (an invoice, whose delivery also fails twice), and on until every retry went through; then live TTS
 * until the credits run out (three `quota.threshold` events).
 */
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { adminUrls, baseUrls, index, adminToken, start, credits } = workerData;
// Admin calls through one instance, /v1 through the other (the same one with a single instance).
const adminUrl = adminUrls[index % adminUrls.length];
const baseUrl = baseUrls[(index + 1) % baseUrls.length];

const TTS_TEXT = 'س'.repeat(500);
const FAILING = new Set(['job.completed', 'invoice.finalized']);

async function call(method, url, { body, key, headers = {}, form } = {}) {
  const h = { ...headers };
  if (adminToken && url.startsWith(adminUrl)) h['x-admin-token'] = adminToken;
  if (key) h.authorization = `Bearer ${key}`;
  let payload;
  if (form) payload = form;
  else if (body !== undefined) {
    h['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, { method, headers: h, body: payload });
  const type = res.headers.get('content-type') ?? '';
  const data = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: data, headers: res.headers };
}

function must(res, status, what) {
  if (res.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)?.slice(0, 400)}`,
    );
  }
  return res.body;
}

/** A WAV of `seconds` of 8 kHz mono 16-bit silence. */
function wav(seconds) {
  const rate = 8000;
  const data = rate * seconds * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  return b;
}

/** The receiver: fails the first two attempts of job.completed and invoice.finalized deliveries. */
async function startReceiver() {
  const attempts = new Map();
  const received = [];
  const waiters = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const hook = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const n = (attempts.get(hook.id) ?? 0) + 1;
      attempts.set(hook.id, n);
      const status = FAILING.has(hook.event) && n <= 2 ? 500 : 200;
      received.push({ id: hook.id, event: hook.event, createdAt: hook.createdAt, status, data: hook.data });
      res.statusCode = status;
      res.end();
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    received,
    /**
     * Resolves once `count` requests in all have arrived (an event, never a sleep). A delivery still missing after
     * 60 s of wall time fails the worker naming what did arrive, instead of the test hanging to its timeout.
     */
    async until(count) {
      const deadline = Date.now() + 60_000;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `waited 60 s for webhook request ${count}; received ${received.length}: ${JSON.stringify(received.map((r) => `${r.event} ${r.status}`))}`,
          );
        await new Promise((r) => {
          const timer = setTimeout(r, left);
          waiters.push(() => {
            clearTimeout(timer);
            r();
          });
        });
      }
    },
    clear() {
      received.length = 0;
      attempts.clear();
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function main() {
  const receiver = await startReceiver();
  const sandbox = must(
    await call('POST', `${adminUrl}/sandboxes`, {
      body: {
        name: `parallel worker ${index}`,
        credits,
        webhook: { url: receiver.url, events: ['job.completed', 'invoice.finalized', 'quota.threshold'] },
        clock: { mode: 'frozen', now: start },
      },
    }),
    201,
    'create the sandbox',
  );
  const sbx = `${adminUrl}/sandboxes/${sandbox.id}`;
  const live = sandbox.keys.live.key;
  /**
   * Waits for `count` webhook requests in all; when they do not come, the error also says what the emulator holds
   * for this sandbox (its clock, each delivery's status, attempts and next attempt), through both instances.
   */
  const hooks = async (count) => {
    try {
      await receiver.until(count);
    } catch (err) {
      const views = [];
      for (const admin of adminUrls) {
        const clock = await call('GET', `${admin}/sandboxes/${sandbox.id}/clock`);
        const list = await call('GET', `${admin}/webhooks/deliveries?sandbox=${sandbox.id}`);
        const deliveries = (list.body.deliveries ?? []).map((d) => ({
          event: d.event,
          status: d.status,
          next_attempt_at: d.next_attempt_at,
          attempts: (d.attempts ?? []).map((a) => `${a.at} ${a.status_code ?? a.error}`),
        }));
        views.push({ admin, clock: clock.body.now, deliveries });
      }
      throw new Error(`${err.message}; the emulator holds ${JSON.stringify(views)}`);
    }
  };
  const advance = async (seconds) =>
    must(await call('POST', `${sbx}/clock/advance`, { body: { seconds } }), 200, 'advance the clock').now;

  async function story() {
    const observed = { clock: [] };
    const form = new FormData();
    form.append('file', new Blob([wav(90)], { type: 'audio/wav' }), 'long.wav');
    const job = must(
      await call('POST', `${baseUrl}/stt/transcriptions`, { key: live, form }),
      202,
      'upload 90 s of audio',
    );
    observed.jobBefore = must(
      await call('GET', `${baseUrl}/stt/jobs/${job.job_id}`, { key: live }),
      200,
      'poll',
    ).status;
    // Past the job (processing max(2 s, 0.1 × 90 s) = 9 s): its completion at +9 s, whose delivery's schedule
    // starts then (decisions W4): the first attempt and the retry 10 s later (+19 s) both fail; the next is +79 s.
    observed.clock.push(await advance(60));
    await hooks(2);
    // A day: the job's third attempt succeeds; the month ends, and the invoice's schedule from its period's end
    // (00:00:00, 00:00:10, 00:01:10) fails twice and succeeds, however late the period's close writes it.
    observed.clock.push(await advance(86_400));
    await hooks(6);
    // Two more days: nothing else is due (every delivery went through).
    observed.clock.push(await advance(86_400));
    observed.clock.push(await advance(86_400));
    const polled = must(await call('GET', `${baseUrl}/stt/jobs/${job.job_id}`, { key: live }), 200, 'poll');
    observed.job = { status: polled.status, duration_seconds: polled.duration_seconds };
    observed.invoices = must(
      await call('GET', `${adminUrl}/orgs/${sandbox.org_id}/invoices`),
      200,
      'invoices',
    ).invoices.map((i) => ({
      period_start: i.period_start,
      period_end: i.period_end,
      total: i.total,
      lines: i.lines,
    }));
    // February: a fresh grant, spent 20 credits at a time (500 characters × 0.04), the thresholds on the way.
    observed.tts = [];
    for (let i = 0; i < 100; i++) {
      const res = await call('POST', `${baseUrl}/tts`, {
        key: live,
        body: { text: TTS_TEXT, voice: 'ar-SA-noura', quality: 'high' },
      });
      observed.tts.push(res.status === 200 ? 200 : `${res.status} ${res.body.code}`);
      if (res.status !== 200) break;
    }
    await hooks(9);
    const billing = must(await call('GET', `${adminUrl}/orgs/${sandbox.org_id}/billing`), 200, 'billing');
    observed.balance = billing.balance.balance;
    const usage = must(
      await call('GET', `${adminUrl}/orgs/${sandbox.org_id}/usage?limit=1000`),
      200,
      'usage',
    );
    observed.ledger = usage.entries.map((e) => `${e.product} ${e.status} ${e.amount}`).sort();
    // The deliveries, per event in the order made: each one's attempts in order.
    const byDelivery = new Map();
    for (const r of receiver.received) {
      if (!byDelivery.has(r.id))
        byDelivery.set(r.id, { event: r.event, statuses: [], createdAt: r.createdAt });
      byDelivery.get(r.id).statuses.push(r.status);
    }
    observed.deliveries = [...byDelivery.values()]
      .map((d) => `${d.event} ${d.createdAt} ${d.statuses.join(',')}`)
      .sort();
    observed.thresholds = receiver.received
      .filter((r) => r.event === 'quota.threshold')
      .map((r) => r.data.threshold_percent)
      .sort((a, b) => a - b);
    // What this worker can see of the emulator through its sandbox: only its own organization.
    const journal = must(
      await call('GET', `${adminUrl}/requests?sandbox=${sandbox.id}&limit=1000`),
      200,
      'journal',
    );
    observed.journalOrgs = [...new Set(journal.requests.map((e) => e.org_id))];
    observed.journalCount = journal.requests.length;
    const deliveries = must(
      await call('GET', `${adminUrl}/webhooks/deliveries?sandbox=${sandbox.id}`),
      200,
      'deliveries',
    );
    observed.deliveryStatuses = deliveries.deliveries.map((d) => `${d.event} ${d.status}`).sort();
    return { observed, jobId: job.job_id };
  }

  const first = await story();
  const reset = must(await call('POST', `${sbx}/reset`), 200, 'reset the sandbox');
  const afterReset = {
    sameKeys: reset.keys.live.id === sandbox.keys.live.id && reset.keys.test.id === sandbox.keys.test.id,
    sameOrg: reset.org_id === sandbox.org_id,
    clock: must(await call('GET', `${sbx}/clock`), 200, 'clock').now,
    balance: must(await call('GET', `${adminUrl}/orgs/${sandbox.org_id}/billing`), 200, 'billing').balance
      .balance,
    ledger: must(await call('GET', `${adminUrl}/orgs/${sandbox.org_id}/usage`), 200, 'usage').entries.length,
    oldJob: (await call('GET', `${baseUrl}/stt/jobs/${first.jobId}`, { key: live })).status,
    deliveries: must(
      await call('GET', `${adminUrl}/webhooks/deliveries?sandbox=${sandbox.id}`),
      200,
      'deliveries',
    ).deliveries.length,
  };
  receiver.clear();
  const second = await story();
  must(await call('DELETE', sbx), 204, 'delete the sandbox');
  const gone = (await call('GET', sbx)).status;
  const keyAfterDelete = (
    await call('POST', `${baseUrl}/tts`, { key: live, body: { text: 'س', voice: 'ar-SA-noura' } })
  ).status;
  await receiver.close();
  return {
    orgId: sandbox.org_id,
    first: first.observed,
    second: second.observed,
    afterReset,
    gone,
    keyAfterDelete,
  };
}

main().then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (err) => parentPort.postMessage({ ok: false, error: String(err?.stack ?? err) }),
);

/**
 * The typed admin client: every operation of openapi/admin.yaml under a short name
 * (`admin.faults.add(...)`, `admin.clock.advance(60)`, `admin.requests.waitFor(...)`).
 *
 * Requests go through openapi-fetch on the types generated from the document into `admin-api.ts`
 * (`npm run gen:client`), so paths, parameters, bodies and answers are never written twice. Each method
 * resolves with the body of its operation's success answer, as the document describes it; any other
 * answer throws `AdminApiError` with the problem the emulator sent.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './admin-api.js';
import { AdminWaitTimeoutError, sentRequests, unwrap } from './admin-unwrap.js';
import { ragOperations, sttOperations, ttsOperations } from './admin-products.js';
import { sandboxOperations } from './admin-sandboxes.js';
import { stateOperations, type StateBody, type StateQuery } from './admin-state.js';

export { AdminApiError, AdminWaitTimeoutError } from './admin-unwrap.js';
export type { SttOrgFilter } from './admin-products.js';
export type { SandboxCreate, SandboxView } from './admin-sandboxes.js';
export type { StateBody, StateDocument, StateLoadResult, StateQuery } from './admin-state.js';

export type AdminSchemas = components['schemas'];
export type AdminProblem = AdminSchemas['Problem'];

type QueryOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;
type JsonBodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : never;

export type RequestFilter = Omit<QueryOf<'/requests', 'get'>, 'wait'>;
export type DeliveryFilter = Omit<QueryOf<'/webhooks/deliveries', 'get'>, 'wait'>;
export type UsageFilter = QueryOf<'/orgs/{id}/usage', 'get'>;
/** `sandbox` or `org_id` (exactly one), and the filters of `usage()`. */
export type LedgerFilter = QueryOf<'/usage', 'get'>;
export type FaultFilter = QueryOf<'/faults', 'get'>;
export type ReportFilter = Omit<QueryOf<'/report', 'get'>, 'format'>;
export type OrgCreate = AdminSchemas['OrgCreate'];
export type KeyCreate = AdminSchemas['KeyCreate'];
export type FaultRuleInput = AdminSchemas['FaultRuleInput'];
export type ClockUpdate = AdminSchemas['ClockUpdate'];
export type TriggerInput = JsonBodyOf<'/webhooks/trigger', 'post'>;
export type JournalEntry = AdminSchemas['JournalEntry'];
export type WebhookDelivery = AdminSchemas['WebhookDelivery'];

export interface AdminClientOptions {
  /** `http://HOST:PORT/_emulator`, as `RunningEmulator.adminUrl` or the readiness line gives it. */
  adminUrl: string;
  /** Sent as `X-Admin-Token` when the emulator runs with `--admin-token`. */
  adminToken?: string;
  /** A fetch to use instead of the global one (a proxy, a recorder...). */
  fetch?: (request: Request) => Promise<Response>;
  /** Extra headers on every admin request. */
  headers?: Record<string, string>;
}

export interface WaitOptions {
  /** How long to wait for a match, in wall-clock seconds (default 10). */
  timeoutSeconds?: number;
  signal?: AbortSignal;
}

const WAIT_SLICE_SECONDS = 60; // the most `wait` the document allows per call

export class AdminClient {
  /** The underlying openapi-fetch client, typed from the document, for anything the names below do not cover. */
  readonly raw: Client<paths>;

  constructor(options: AdminClientOptions) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.adminToken) headers['X-Admin-Token'] = options.adminToken;
    this.raw = createClient<paths>({ baseUrl: options.adminUrl, headers, fetch: options.fetch });
    this.sandboxes = sandboxOperations(this.raw);
    this.state = stateOperations({ adminUrl: options.adminUrl, headers, fetch: options.fetch });
    this.tts = ttsOperations(this.raw);
    this.stt = sttOperations(this.raw);
    this.rag = ragOperations(this.raw);
    this.raw.use({
      onResponse({ request, response }) {
        sentRequests.set(response, request);
      },
    });
  }

  /** `GET /health` (open even with an admin token). */
  health() {
    return unwrap(this.raw.GET('/health'));
  }

  /** `GET /demo`: the demo organization id, URLs and full keys. */
  demo() {
    return unwrap(this.raw.GET('/demo'));
  }

  /**
   * `POST /reset`: back to the boot state (same demo keys), the clock included; `{ keep_clock: true }` keeps
   * the clock's mode, scale and time. Ids keep counting: none repeats within the process.
   */
  reset(options: { keep_clock?: boolean } = {}) {
    return unwrap(this.raw.POST('/reset', { body: options }));
  }

  /** The contract documents served by the emulator. */
  readonly openapi = {
    /** `GET /openapi.json`: the /v1 document. */
    gateway: () => unwrap(this.raw.GET('/openapi.json')),
    /** `GET /openapi/admin.json`: the admin document. */
    admin: () => unwrap(this.raw.GET('/openapi/admin.json')),
  };

  readonly orgs = {
    create: (body: OrgCreate = {}) => unwrap(this.raw.POST('/orgs', { body })),
    list: () => unwrap(this.raw.GET('/orgs')),
    get: (orgId: string) => unwrap(this.raw.GET('/orgs/{id}', { params: { path: { id: orgId } } })),
    update: (orgId: string, body: AdminSchemas['OrgUpdate']) =>
      unwrap(this.raw.PATCH('/orgs/{id}', { params: { path: { id: orgId } }, body })),
  };

  readonly keys = {
    /** The answer's `key` is the full secret, shown this once. */
    create: (orgId: string, body: KeyCreate) =>
      unwrap(this.raw.POST('/orgs/{id}/keys', { params: { path: { id: orgId } }, body })),
    list: (orgId: string) => unwrap(this.raw.GET('/orgs/{id}/keys', { params: { path: { id: orgId } } })),
    revoke: (keyId: string) => unwrap(this.raw.DELETE('/keys/{keyId}', { params: { path: { keyId } } })),
    /** Revokes at once, closes the key's streams and emits `key.compromised`. */
    leak: (keyId: string) => unwrap(this.raw.POST('/keys/{keyId}/leak', { params: { path: { keyId } } })),
    setRateLimit: (keyId: string, rule: AdminSchemas['RateLimitRule']) =>
      unwrap(this.raw.PUT('/keys/{keyId}/rate-limit', { params: { path: { keyId } }, body: rule })),
    clearRateLimit: (keyId: string) =>
      unwrap(this.raw.DELETE('/keys/{keyId}/rate-limit', { params: { path: { keyId } } })),
  };

  /** The request journal. */
  readonly requests = {
    list: (filter: RequestFilter = {}) => unwrap(this.raw.GET('/requests', { params: { query: filter } })),
    clear: () => unwrap(this.raw.DELETE('/requests')),
    /** One entry in full, by its `request_id` (the `X-Request-Id` response header). */
    get: (id: string) => unwrap(this.raw.GET('/requests/{id}', { params: { path: { id } } })),
    /** The audio a TTS entry was answered with (MP3 or WAV bytes), rendered again and not billed. */
    audio: (id: string) =>
      unwrap(this.raw.GET('/requests/{id}/audio', { params: { path: { id } }, parseAs: 'arrayBuffer' })),
    /**
     * Resolves with the oldest journal entry matching `filter`, long-polling `GET /requests?wait=` until one
     * is recorded (an entry is recorded when its request has been answered). Entries already in the journal
     * count: to wait only for new ones, pass `after` (a `request_id`), a `scope`, or clear the journal first.
     * Throws `AdminWaitTimeoutError` when nothing matches within `timeoutSeconds`.
     */
    waitFor: async (filter: RequestFilter = {}, options: WaitOptions = {}): Promise<JournalEntry> => {
      const found = await this.longPoll(options, async (wait, signal) => {
        const body = await unwrap(
          this.raw.GET('/requests', { params: { query: { ...filter, wait } }, signal }),
        );
        return body.requests[0];
      });
      if (found) return found;
      const recent = await this.requests.list({ limit: 3 }).catch(() => undefined);
      const seen = recent?.requests.map((e) => `${e.method} ${e.path} ${e.status ?? '-'}`).join('; ');
      throw new AdminWaitTimeoutError(
        `requests.waitFor: no request matching ${JSON.stringify(filter)} was recorded within ${timeoutOf(options)} s` +
          (seen ? ` (the newest entries: ${seen})` : ' (the journal is empty)'),
      );
    },
  };

  /** Sandboxes: an organization per test with its own reset and clock (admin-sandboxes.ts). */
  readonly sandboxes: ReturnType<typeof sandboxOperations>;

  /** Snapshots (docs/state.md): `state.get`, `state.bytes`, `state.stream` and `state.put` (admin-state.ts). */
  readonly state: ReturnType<typeof stateOperations>;

  /** `GET /state`: the whole state, or `{ org }` / `{ sandbox }`'s, parsed (`state.bytes` for the exact bytes). */
  getState(query: StateQuery = {}) {
    return this.state.get(query);
  }

  /** `PUT /state`: loads a document, all or nothing; resolves with what was loaded. */
  putState(body: StateBody) {
    return this.state.put(body);
  }

  readonly clock = {
    get: () => unwrap(this.raw.GET('/clock')),
    /** Mode, time (`now`) or scale; moving time forward fires what became due, like `advance`. */
    set: (update: ClockUpdate) => unwrap(this.raw.POST('/clock', { body: update })),
    freeze: () => unwrap(this.raw.POST('/clock', { body: { mode: 'frozen' } })),
    /** Moves the clock forward, firing every timer that becomes due, in order. */
    advance: (seconds: number) => unwrap(this.raw.POST('/clock/advance', { body: { seconds } })),
  };

  /** `GET /orgs/{id}/usage`: ledger entries (newest first), totals and the balance. */
  usage(orgId: string, filter: UsageFilter = {}) {
    return unwrap(this.raw.GET('/orgs/{id}/usage', { params: { path: { id: orgId }, query: filter } }));
  }

  /** `GET /usage`: the same answer for a sandbox's organization (`{ sandbox: id }`) or `{ org_id }`. */
  ledger(filter: LedgerFilter) {
    return unwrap(this.raw.GET('/usage', { params: { query: filter } }));
  }

  readonly billing = {
    get: (orgId: string) => unwrap(this.raw.GET('/orgs/{id}/billing', { params: { path: { id: orgId } } })),
    update: (orgId: string, body: AdminSchemas['BillingUpdate']) =>
      unwrap(this.raw.PATCH('/orgs/{id}/billing', { params: { path: { id: orgId } }, body })),
    /** Closes the period into an invoice and emits `invoice.finalized`. */
    closePeriod: (orgId: string) =>
      unwrap(this.raw.POST('/orgs/{id}/billing/close-period', { params: { path: { id: orgId } } })),
    invoices: (orgId: string) =>
      unwrap(this.raw.GET('/orgs/{id}/invoices', { params: { path: { id: orgId } } })),
  };

  readonly prices = {
    get: () => unwrap(this.raw.GET('/prices')),
    update: (body: AdminSchemas['Prices']) => unwrap(this.raw.PATCH('/prices', { body })),
  };

  readonly rateLimits = {
    get: () => unwrap(this.raw.GET('/rate-limits')),
    update: (body: AdminSchemas['RateLimits']) => unwrap(this.raw.PATCH('/rate-limits', { body })),
  };

  readonly webhooks = {
    endpoints: {
      /** The answer carries the signing `secret`; a `ping` follows when the endpoint subscribes to it. */
      create: (orgId: string, input: AdminSchemas['WebhookEndpointInput']) =>
        unwrap(
          this.raw.POST('/orgs/{id}/webhook-endpoints', { params: { path: { id: orgId } }, body: input }),
        ),
      list: (orgId: string) =>
        unwrap(this.raw.GET('/orgs/{id}/webhook-endpoints', { params: { path: { id: orgId } } })),
      delete: (orgId: string, endpointId: string) =>
        unwrap(
          this.raw.DELETE('/orgs/{id}/webhook-endpoints/{endpointId}', {
            params: { path: { id: orgId, endpointId } },
          }),
        ),
    },
    /** Deliveries with every attempt, newest first. */
    deliveries: (filter: DeliveryFilter = {}) =>
      unwrap(this.raw.GET('/webhooks/deliveries', { params: { query: filter } })),
    delivery: (deliveryId: string) =>
      unwrap(this.raw.GET('/webhooks/deliveries/{deliveryId}', { params: { path: { deliveryId } } })),
    redeliver: (deliveryId: string) =>
      unwrap(
        this.raw.POST('/webhooks/deliveries/{deliveryId}/redeliver', { params: { path: { deliveryId } } }),
      ),
    /** Emits any event kind for an organization, like `stripe trigger`. */
    trigger: (input: TriggerInput) => unwrap(this.raw.POST('/webhooks/trigger', { body: input })),
    /**
     * Resolves with the newest delivery matching `filter` (with `status`, once it reaches that status; with
     * `min_attempts`, once it has that many attempts), long-polling `GET /webhooks/deliveries?wait=`.
     * Throws `AdminWaitTimeoutError` when nothing matches within `timeoutSeconds`.
     */
    waitFor: async (filter: DeliveryFilter = {}, options: WaitOptions = {}): Promise<WebhookDelivery> => {
      const found = await this.longPoll(options, async (wait, signal) => {
        const body = await unwrap(
          this.raw.GET('/webhooks/deliveries', { params: { query: { ...filter, wait } }, signal }),
        );
        return body.deliveries[0];
      });
      if (found) return found;
      const recent = await this.webhooks.deliveries({ limit: 3 }).catch(() => undefined);
      const seen = recent?.deliveries
        .map((d) => `${d.event} to ${d.url} ${d.status} (${d.attempts.length} attempts)`)
        .join('; ');
      throw new AdminWaitTimeoutError(
        `webhooks.waitFor: no delivery matching ${JSON.stringify(filter)} within ${timeoutOf(options)} s` +
          (seen ? ` (the newest deliveries: ${seen})` : ' (there are no deliveries)'),
      );
    },
  };

  readonly faults = {
    /** Adds a rule; the answer carries its `id` and `explanation`. */
    add: (rule: FaultRuleInput) => unwrap(this.raw.POST('/faults', { body: rule })),
    /** `{ sandbox: id }`: the rules that sandbox's reset removes. */
    list: (filter: FaultFilter = {}) => unwrap(this.raw.GET('/faults', { params: { query: filter } })),
    get: (faultId: string) => unwrap(this.raw.GET('/faults/{faultId}', { params: { path: { faultId } } })),
    remove: (faultId: string) =>
      unwrap(this.raw.DELETE('/faults/{faultId}', { params: { path: { faultId } } })),
    clear: () => unwrap(this.raw.DELETE('/faults')),
  };

  readonly scenarios = {
    list: () => unwrap(this.raw.GET('/scenarios')),
    /** Registers (or replaces) a scenario until the next reset. */
    create: (scenario: AdminSchemas['Scenario']) => unwrap(this.raw.POST('/scenarios', { body: scenario })),
    /**
     * Runs the scenario's steps in order; `reset()` undoes it. With `{ sandbox: id }`, on that sandbox alone
     * (422 `scenario_not_scopable` when a step cannot be scoped); the sandbox's reset undoes it.
     */
    apply: (name: string, options: { sandbox?: string } = {}) =>
      unwrap(this.raw.POST('/scenarios/{name}', { params: { path: { name }, query: options } })),
  };

  /** The drift report of a recordings folder (docs/proxy.md), read on the emulator's machine. */
  readonly drift = {
    json: (body: JsonBodyOf<'/drift', 'post'>) => unwrap(this.raw.POST('/drift', { body })),
    /** The same report as JUnit XML (each exchange a test case). */
    junit: (body: JsonBodyOf<'/drift', 'post'>): Promise<string> =>
      unwrap(this.raw.POST('/drift', { body, params: { query: { format: 'junit' } }, parseAs: 'text' })),
  };

  /** The client report: did the client honour Retry-After, back off, verify signatures... */
  readonly report = {
    json: (filter: ReportFilter = {}) => unwrap(this.raw.GET('/report', { params: { query: filter } })),
    /** The same report as JUnit XML, for CI test reporters. */
    junit: (filter: ReportFilter = {}): Promise<string> =>
      unwrap(this.raw.GET('/report', { params: { query: { ...filter, format: 'junit' } }, parseAs: 'text' })),
  };

  /** The dashboard's files, as text (open `${adminUrl}/ui` in a browser to use it). */
  readonly ui = {
    page: () => unwrap(this.raw.GET('/ui', { parseAs: 'text' })),
    asset: (asset: string) =>
      unwrap(this.raw.GET('/ui/{asset}', { params: { path: { asset } }, parseAs: 'text' })),
  };

  readonly voices = {
    /** The TTS voice catalogue (the values `voice` accepts). */
    list: () => unwrap(this.raw.GET('/voices')),
  };

  /** The latency profile `--latency-profile` chose at start (name and figures). */
  latency(): Promise<AdminSchemas['ActiveLatencyProfile']> {
    return unwrap(this.raw.GET('/latency'));
  }

  /** The TTS clip cache (`--tts-cache-mb`): its counters, and a way to empty it. */
  readonly ttsCache = {
    stats: () => unwrap(this.raw.GET('/tts/cache')),
    clear: () => unwrap(this.raw.DELETE('/tts/cache')),
  };

  /** Scripted TTS clips (admin-products.ts). */
  readonly tts: ReturnType<typeof ttsOperations>;

  /** Scripted transcripts and the transcription jobs (admin-products.ts). */
  readonly stt: ReturnType<typeof sttOperations>;

  /** The RAG tenant, its searches and scripted answers (admin-products.ts). */
  readonly rag: ReturnType<typeof ragOperations>;

  /** Repeats a long-poll in slices of at most 60 s until it finds something or the time is up. */
  private async longPoll<T>(
    options: WaitOptions,
    poll: (waitSeconds: number, signal: AbortSignal | undefined) => Promise<T | undefined>,
  ): Promise<T | undefined> {
    // Wall time on purpose: long-polls are about the client's own requests, not the emulated clock.
    const deadline = Date.now() + timeoutOf(options) * 1000;
    for (;;) {
      const remaining = Math.max(0, (deadline - Date.now()) / 1000);
      const found = await poll(Math.min(remaining, WAIT_SLICE_SECONDS), options.signal);
      if (found !== undefined || remaining === 0 || Date.now() >= deadline) return found;
    }
  }
}

function timeoutOf(options: WaitOptions): number {
  return options.timeoutSeconds ?? 10;
}

/** An admin client for an emulator's `adminUrl`. */
export function createAdminClient(options: AdminClientOptions): AdminClient {
  return new AdminClient(options);
}

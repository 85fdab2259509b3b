/**
 * The sandbox handle of the library (`await emu.sandbox(options)`, `connectSandboxes(adminUrl).sandbox()`):
 * one organization per test file or test, with its keys, its own clock, reset, close, and an admin view that
 * sees only this sandbox. Everything goes through the typed admin client, so the same handle works in-process
 * and against an emulator running as a process or a container.
 */
import {
  createAdminClient,
  type AdminClient,
  type AdminClientOptions,
  type AdminSchemas,
  type ClockUpdate,
  type DeliveryFilter,
  type FaultRuleInput,
  type RequestFilter,
  type ReportFilter,
  type SandboxCreate,
  type SandboxView,
  type StateBody,
  type StateLoadResult,
  type StateQuery,
  type UsageFilter,
  type WaitOptions,
} from '../client/admin-client.js';
import { AdminApiError } from '../client/admin-unwrap.js';

/** The JSON of `POST /_emulator/sandboxes`, names and all (`rag_entitled`, `rag: {state}`, `clock`...). */
export type SandboxOptions = SandboxCreate;
type ClockState = AdminSchemas['ClockState'];

/**
 * The sandbox's own clock (`/_emulator/sandboxes/{id}/clock`). `set` and `advance` give a sandbox created without
 * `clock` its own (a copy of the emulator's); `get` of one without is 409 `sandbox_without_clock`.
 */
export interface SandboxClock {
  get(): Promise<ClockState>;
  /** Mode, time or scale; a `now` before the clock's time is 422 `invalid_clock_change`. */
  set(update: ClockUpdate): Promise<ClockState>;
  /** Moves this sandbox's clock forward, firing its due work in order; nothing else moves. */
  advance(seconds: number): Promise<ClockState>;
}

export interface Sandbox {
  /** `sbx_…`, also the value to send as `X-Emulator-Scope`. */
  readonly id: string;
  readonly orgId: string;
  /** `http://HOST:PORT/v1`, as the client reaches the emulator. */
  readonly baseUrl: string;
  /** `http://HOST:PORT/_emulator`. */
  readonly adminUrl: string;
  /** The full live and test keys (the same after every reset). */
  readonly keys: { readonly live: string; readonly test: string };
  readonly keyIds: { readonly live: string; readonly test: string };
  /** The `X-Emulator-Scope` value (the sandbox id). */
  readonly scope: string;
  /** With `webhook` in the options: the endpoint and its signing secret; null otherwise. */
  readonly webhookEndpoint: { readonly id: string; readonly url: string; readonly secret: string } | null;
  /** The create answer, as the admin API gave it. */
  readonly view: SandboxView;
  readonly clock: SandboxClock;
  /** Back to the state it was created in: same ids and keys, its clock at its start. */
  reset(): Promise<SandboxView>;
  /** Deletes it and all of its state; safe to call again, or after it was deleted elsewhere. */
  close(): Promise<void>;
  /** The journal entries of this sandbox (its keys' requests, and those sent with its scope), newest first. */
  journal(filter?: SandboxRequestFilter): Promise<AdminSchemas['JournalEntry'][]>;
  /** The oldest journal entry of this sandbox matching `filter`, waiting until one is recorded. */
  waitForRequest(filter?: SandboxRequestFilter, options?: WaitOptions): Promise<AdminSchemas['JournalEntry']>;
  readonly faults: SandboxFaults;
  /** `GET /usage?sandbox=ID`: its ledger entries, totals and balance. */
  usage(filter?: UsageFilter): ReturnType<AdminClient['ledger']>;
  /** Webhook deliveries of this sandbox, newest first. */
  deliveries(filter?: SandboxDeliveryFilter): Promise<AdminSchemas['WebhookDelivery'][]>;
  waitForDelivery(
    filter?: SandboxDeliveryFilter,
    options?: WaitOptions,
  ): Promise<AdminSchemas['WebhookDelivery']>;
  /** The client report of this sandbox's requests. */
  report(filter?: SandboxReportFilter): Promise<ClientReport>;
  /** This sandbox's state as a document (docs/state.md): save it, load it back here or into another emulator. */
  readonly state: SandboxState;
  /** The admin client it uses, for anything not above. */
  readonly admin: AdminClient;
}

export interface SandboxState {
  /** `GET /state?sandbox=ID`: its organization with its clock, as document bytes. */
  save(options?: { include?: StateQuery['include'] }): Promise<Uint8Array>;
  /** `PUT /state` with a document of this sandbox (saved earlier): puts it back as it was then. */
  load(document: StateBody): Promise<StateLoadResult>;
}

export type SandboxRequestFilter = Omit<RequestFilter, 'org_id' | 'sandbox'>;
export type SandboxDeliveryFilter = Omit<DeliveryFilter, 'org_id' | 'sandbox'>;
export type SandboxReportFilter = Omit<ReportFilter, 'org_id' | 'sandbox'>;
type FaultRule = AdminSchemas['FaultRule'];
/** `GET /report` as JSON (the document also describes its JUnit form, which `report()` never asks for). */
export type ClientReport = Exclude<Awaited<ReturnType<AdminClient['report']['json']>>, string>;

/** Fault rules that hit only this sandbox's requests. */
export interface SandboxFaults {
  /** Adds a rule with `match.sandbox` (its requests, and those sent with its scope); its reset removes it. */
  add(rule: FaultRuleInput): Promise<FaultRule>;
  /** The rules its reset removes (`GET /faults?sandbox=ID`). */
  list(): Promise<FaultRule[]>;
  remove(faultId: string): Promise<void>;
  /** Removes every rule of this sandbox (and no other). */
  clear(): Promise<void>;
}

/** Where sandboxes come from: a running emulator (`startEmulator`) or `connectSandboxes(adminUrl)`. */
export interface SandboxSource {
  readonly baseUrl: string;
  readonly adminUrl: string;
  readonly admin: AdminClient;
  sandbox(options?: SandboxOptions): Promise<Sandbox>;
}

export interface ConnectOptions extends Omit<AdminClientOptions, 'adminUrl'> {
  /** The /v1 base URL the handles report (default: `adminUrl` with `/_emulator` replaced by `/v1`). */
  baseUrl?: string;
}

/**
 * Sandboxes of an emulator that runs elsewhere (a process, a container), by its admin URL: the handles are the
 * ones `emu.sandbox()` gives. `baseUrl` is derived from `adminUrl`, so it is the address this client reaches,
 * not the one the emulator listens on.
 */
export function connectSandboxes(adminUrl: string, options: ConnectOptions = {}): SandboxSource {
  const { baseUrl, ...clientOptions } = options;
  const admin = createAdminClient({ ...clientOptions, adminUrl });
  const urls = { adminUrl, baseUrl: baseUrl ?? baseUrlOf(adminUrl) };
  return { ...urls, admin, sandbox: (create) => createSandbox(admin, urls, create) };
}

function baseUrlOf(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = url.pathname.replace(/\/_emulator\/?$/, '') + '/v1';
  return url.href.replace(/\/$/, '');
}

/** Creates a sandbox through `admin` and wraps it in a handle. */
export async function createSandbox(
  admin: AdminClient,
  urls: { baseUrl: string; adminUrl: string },
  options: SandboxOptions = {},
): Promise<Sandbox> {
  const view = await admin.sandboxes.create(options);
  const full = (value: string | undefined, what: string) => {
    // Only the create answer holds them; an answer without them is an emulator out of step with this client.
    if (!value) throw new Error(`the create answer of ${view.id} holds no ${what}`);
    return value;
  };
  const { id, org_id: orgId } = view;
  // `?sandbox=ID` and `match.sandbox`: its organization's requests, and those sent with its scope.
  const mine = { sandbox: id };
  const endpoint = view.webhook_endpoint;
  let closing: Promise<void> | undefined;

  const faults: SandboxFaults = {
    add: (rule) => admin.faults.add({ ...rule, match: { ...rule.match, ...mine } }),
    list: async () => (await admin.faults.list(mine)).faults,
    remove: async (faultId) => {
      await admin.faults.remove(faultId);
    },
    clear: async () => {
      for (const f of await faults.list()) await ignoreNotFound(admin.faults.remove(f.id));
    },
  };

  return {
    id,
    orgId,
    ...urls,
    keys: {
      live: full(view.keys.live.key, 'full live key'),
      test: full(view.keys.test.key, 'full test key'),
    },
    keyIds: { live: view.keys.live.id, test: view.keys.test.id },
    scope: view.scope,
    webhookEndpoint: endpoint
      ? { id: endpoint.id, url: endpoint.url, secret: full(endpoint.secret, 'webhook signing secret') }
      : null,
    view,
    admin,
    clock: {
      get: () => admin.sandboxes.clock.get(id),
      set: (update) => admin.sandboxes.clock.set(id, update),
      advance: (seconds) => admin.sandboxes.clock.advance(id, seconds),
    },
    reset: () => admin.sandboxes.reset(id),
    close: () => (closing ??= ignoreNotFound(admin.sandboxes.delete(id)).then(() => undefined)),
    journal: async (filter = {}) => (await admin.requests.list({ ...filter, ...mine })).requests,
    waitForRequest: (filter = {}, options) => admin.requests.waitFor({ ...filter, ...mine }, options),
    faults,
    usage: (filter = {}) => admin.ledger({ ...filter, ...mine }),
    deliveries: async (filter = {}) => (await admin.webhooks.deliveries({ ...filter, ...mine })).deliveries,
    waitForDelivery: (filter = {}, options) => admin.webhooks.waitFor({ ...filter, ...mine }, options),
    state: {
      save: (options = {}) => admin.state.bytes({ ...options, sandbox: id }),
      load: (document) => admin.state.put(document),
    },
    report: async (filter = {}) => (await admin.report.json({ ...filter, ...mine })) as ClientReport,
  };
}

/** A sandbox or rule already gone is what close/clear wanted. */
async function ignoreNotFound<T>(pending: Promise<T>): Promise<T | undefined> {
  try {
    return await pending;
  } catch (err) {
    if (err instanceof AdminApiError && err.status === 404) return undefined;
    throw err;
  }
}

/**
 * The admin API's types the server shares with openapi/admin.yaml, derived from the types generated from it
 * (src/client/admin-api.ts, `npm run gen:client`) instead of copied by hand: a change to the document reaches
 * the server's modules at compile time. The modules re-export them under the names they always had.
 * Type-only: nothing of this module exists at run time.
 */
import type { components, operations } from '../client/admin-api.js';

type Schemas = components['schemas'];

/**
 * `true` when `List` names every member of `Union`, else `{ missing: … }` naming those it leaves out. With
 * `satisfies readonly Union[]` on the list (nothing outside the union), a constant list and the document
 * cannot drift apart: `type _Every = Exhaustive<ListsEvery<Union, typeof LIST>>`.
 */
export type ListsEvery<Union, List extends readonly Union[]> = [Exclude<Union, List[number]>] extends [never]
  ? true
  : { missing: Exclude<Union, List[number]> };

/** Fails to compile unless `T` is `true` (see ListsEvery). */
export type Exhaustive<T extends true> = T;

// Health and the demo credentials (tag `core`).

/** `GET /health`: what every answer has (`Health`; the other fields are optional). */
export type HealthCore = Pick<Schemas['Health'], 'status' | 'ready' | 'boot'>;
/** The demo organization's credentials: `GET /demo`, `--keys-file` (`DemoKeys`). */
export type DemoKeys = Schemas['DemoKeys'];

// Faults (tag `faults`).

/** The closed set of fault kinds (`FaultRuleInput.kind`, and `FaultRule.kind`). */
export type FaultKind = Schemas['FaultRuleInput']['kind'];
/** What a rule matches on (`FaultMatch`). */
export type FaultMatch = Schemas['FaultMatch'];
/** A rule to add: `POST /faults`, a config file's `faults`, `X-Emulator-Fault` (`FaultRuleInput`). */
export type FaultRuleInput = Schemas['FaultRuleInput'];
/** A rule as stored and shown: the input's fields given, plus `id`, `remaining`, `hits`... (`FaultRule`). */
export type FaultRule = Schemas['FaultRule'];

// Webhooks (tag `webhooks`).

/** The body of `POST /orgs/{id}/webhook-endpoints`: the specification's "Webhook endpoint input". */
export type WebhookEndpointInput = Schemas['WebhookEndpointInput'];
/** The kinds an endpoint may register (`WebhookEndpointInput.events`). */
export type RegistrableEvent = WebhookEndpointInput['events'][number];
/** The kinds emitted, all taken by `POST /webhooks/trigger` (`rag.job.completed` cannot be registered). */
export type WebhookEventKind =
  operations['admin.triggerEvent']['requestBody']['content']['application/json']['event'];
/** Where a delivery stands (`WebhookDelivery.status`). */
export type DeliveryStatus = Schemas['WebhookDelivery']['status'];

// The request journal (tag `journal`).

/** A request or WebSocket session as the journal keeps and shows it (`JournalEntry`). */
export type JournalEntry = Schemas['JournalEntry'];
/** The request as the journal keeps it (`JournalRequest`). */
export type JournalRequest = Schemas['JournalRequest'];
/** The response as the journal keeps it (`JournalResponse`). */
export type JournalResponse = Schemas['JournalResponse'];
/** Where a proxied exchange broke openapi/gateway.yaml (`ContractViolation`). */
export type ContractViolation = Schemas['ContractViolation'];

// Organizations and keys (tag `orgs`).

/** The scopes a key may hold (`Scope`). */
export type Scope = Schemas['Scope'];
/** The bodies of `POST /orgs`, `PATCH /orgs/{id}` and `POST /orgs/{id}/keys`. */
export type OrgCreate = Schemas['OrgCreate'];
export type OrgUpdate = Schemas['OrgUpdate'];
export type KeyCreate = Schemas['KeyCreate'];

// Latency profiles (tag `latency`).

/** One operation's delay (`LatencyDistribution`). */
export type LatencyDistribution = Schemas['LatencyDistribution'];
/** The profile in use, named (`ActiveLatencyProfile`, the answer of `GET /latency`). */
export type ActiveLatencyProfile = Schemas['ActiveLatencyProfile'];
/** A `--latency-profile FILE`, its name optional (`LatencyProfile`). */
export type LatencyProfileFile = Schemas['LatencyProfile'];

// Scripted outputs (tags `stt`, `rag`, `tts`).

/** The body of `POST /stt/scripts` (`SttScriptInput`). */
export type SttScriptInput = Schemas['SttScriptInput'];
/** The body of `POST /rag/scripts` (`RagScriptInput`). */
export type RagScriptInput = Schemas['RagScriptInput'];
/** The body of `POST /tts/scripts` (`TtsScriptInput`). */
export type TtsScriptInput = Schemas['TtsScriptInput'];
/** The problem a script answers with: the same `error` object in the three script bodies. */
export type ScriptErrorInput = NonNullable<SttScriptInput['error']>;

// RAG tenants (tag `rag`).

/** A tenant's phase (`RagTenantState`). */
export type RagTenantState = Schemas['RagTenantState'];
/** A tenant as `GET /orgs/{id}/rag` shows it (`RagTenant.tenant`, not null). */
export type RagTenantView = NonNullable<Schemas['RagTenant']['tenant']>;
/** The body of `PUT /orgs/{id}/rag` (`RagTenantUpdate`). */
export type RagTenantUpdate = Schemas['RagTenantUpdate'];
/** One search of an organization's log, `GET /orgs/{id}/rag/searches` (`RagSearchLogEntry`). */
export type SearchLogEntry = Schemas['RagSearchLogEntry'];

// The clock (tag `clock`) and sandboxes (tag `sandboxes`).

/** The body of `POST /clock` and `POST /sandboxes/{id}/clock` (`ClockUpdate`). */
export type ClockUpdate = Schemas['ClockUpdate'];
/** The body of `POST /sandboxes` (`SandboxCreate`). */
export type SandboxCreate = Schemas['SandboxCreate'];
/** A sandbox tenant's state at creation and after each reset (`SandboxTenantStart`, `SandboxCreate.rag.state`). */
export type SandboxTenantStart = Schemas['SandboxTenantStart'];

// Billing, prices and rate limits (tag `billing`).

/** Price overrides: `PATCH /prices`, a config file's `prices` (`Prices`). */
export type Prices = Schemas['Prices'];
/** The body of `PATCH /orgs/{id}/billing` (`BillingUpdate`). */
export type BillingUpdate = Schemas['BillingUpdate'];
/** A rate-limit rule as the admin API writes it (`RateLimitRule`), and one per environment (`RateLimits`). */
export type RateLimitRule = Schemas['RateLimitRule'];
export type RateLimits = Schemas['RateLimits'];
/** A finalized invoice: `POST /orgs/{id}/billing/close-period`, the `data` of `invoice.finalized` (`Invoice`). */
export type Invoice = Schemas['Invoice'];
/** One product's line of an invoice. */
export type InvoiceLine = Invoice['lines'][number];

// The drift report (`POST /drift`, `svc-emulator drift`).

/** Recorded exchanges replayed against the emulator and compared by shape (`DriftReport`). */
export type DriftReport = Schemas['DriftReport'];
/** One exchange of the report, and one difference of an exchange. */
export type DriftCase = DriftReport['exchanges'][number];
export type DriftDifference = DriftCase['differences'][number];

// The state document (tag `state`).

/** What `PUT /state` loaded (`LoadResult`). */
export type LoadResult = Schemas['LoadResult'];
/** A state document's scope: the whole state, or one organization (and its sandbox) (`LoadResult.scope`). */
export type DocumentScope = LoadResult['scope'];

// Scenarios (tag `scenarios`).

/** A scenario: a file of `--scenario`, `--scenarios-dir`, the body of `POST /scenarios` (`Scenario`). */
export type Scenario = Schemas['Scenario'];

// The client report (tag `report`).

/** `GET /report` (`ClientReport`): a group per key or scope, its checks and the faults it survived. */
export type ClientReport = Schemas['ClientReport'];
export type ReportGroup = ClientReport['groups'][number];
export type CheckResult = ReportGroup['checks'][number];
export type CheckStatus = CheckResult['status'];
export type Finding = CheckResult['findings'][number];
export type FaultSurvival = ReportGroup['faults'][number];

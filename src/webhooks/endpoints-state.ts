/**
 * The webhook endpoints' state: what the webhooks area needs of it, and the memory implementation (the
 * Redis one is redis-endpoints.ts). Endpoints are kept per organization.
 */
import type { MaybePromise } from '../core/maybe.js';
import type { ExportOptions, OrgStatePart, StateUnit } from '../store/state-unit.js';
import {
  checkEndpoints,
  endpointsExport,
  importedEndpoint,
  type EndpointsSection,
  type ExportedEndpoint,
} from './endpoints-import.js';
import { isSubscribed, type WebhookEndpoint } from './endpoints.js';

/**
 * One organization's endpoints as `perOrg.export` gives them, in the order they were registered. Each
 * endpoint's signing secret as stored (the receiver needs the same one to verify), unless `secrets: false`.
 */
export interface WebhookEndpointsExport {
  endpoints: ExportedEndpoint[];
}

export interface OrgEndpoints extends OrgStatePart {
  export(orgId: string, options?: ExportOptions): MaybePromise<WebhookEndpointsExport | undefined>;
}

export interface WebhookEndpointsState extends StateUnit {
  /** The endpoints per organization: listed, reset and exported (signing secrets included). */
  readonly perOrg: OrgEndpoints;
  /** Throws 502 `upstream_error` while a shared store is away, before anything changes. */
  assertWritable(): void;
  /**
   * Stores an endpoint. `ifAbsent`: the `--webhook-url` endpoint, made alike by every instance; one already
   * stored under its id is kept as it is.
   */
  put(endpoint: WebhookEndpoint, ifAbsent: boolean): void;
  /** The endpoint, only when it belongs to the org (data never crosses organizations). */
  get(orgId: string, id: string): MaybePromise<WebhookEndpoint | undefined>;
  /** The org's endpoints, in the order they were registered. */
  list(orgId: string): MaybePromise<WebhookEndpoint[]>;
  /** False when the org has no such endpoint. */
  delete(orgId: string, id: string): MaybePromise<boolean>;
  /** The org's endpoints subscribed to an event: looked up on every event, so never a round trip. */
  subscribers(orgId: string, event: string): WebhookEndpoint[];
}

/** Endpoints by organization, then by id (a Map keeps the order of registration). */
export class EndpointsByOrg {
  private readonly orgs = new Map<string, Map<string, WebhookEndpoint>>();

  set(endpoint: WebhookEndpoint): void {
    let org = this.orgs.get(endpoint.orgId);
    if (!org) this.orgs.set(endpoint.orgId, (org = new Map()));
    org.set(endpoint.id, endpoint);
  }

  get(orgId: string, id: string): WebhookEndpoint | undefined {
    return this.orgs.get(orgId)?.get(id);
  }

  list(orgId: string): WebhookEndpoint[] {
    return [...(this.orgs.get(orgId)?.values() ?? [])];
  }

  delete(orgId: string, id: string): boolean {
    const org = this.orgs.get(orgId);
    if (!org?.delete(id)) return false;
    if (org.size === 0) this.orgs.delete(orgId);
    return true;
  }

  subscribers(orgId: string, event: string): WebhookEndpoint[] {
    return this.list(orgId).filter((e) => isSubscribed(e, event));
  }

  orgIds(): string[] {
    return [...this.orgs.keys()];
  }

  dropOrg(orgId: string): void {
    this.orgs.delete(orgId);
  }

  clear(): void {
    this.orgs.clear();
  }
}

export class MemoryEndpointsState implements WebhookEndpointsState {
  readonly name = 'webhook_endpoints';
  private readonly endpoints = new EndpointsByOrg();

  readonly perOrg = {
    ids: () => this.endpoints.orgIds(),
    reset: (orgId: string) => this.endpoints.dropOrg(orgId),
    export: (orgId: string, options?: ExportOptions): WebhookEndpointsExport | undefined =>
      endpointsExport(this.list(orgId), options),
    import: (orgId: string, data: unknown) => {
      for (const e of (data as EndpointsSection).endpoints)
        this.endpoints.set(importedEndpoint(this.seed, orgId, e));
    },
    check: (orgId: string, data: unknown) => checkEndpoints(orgId, data as EndpointsSection),
  };

  /** `seed`: the emulator's, from which a load makes the secret of an endpoint loaded without one. */
  constructor(private readonly seed = '') {}

  assertWritable(): void {}

  put(endpoint: WebhookEndpoint, ifAbsent: boolean): void {
    if (ifAbsent && this.endpoints.get(endpoint.orgId, endpoint.id)) return;
    this.endpoints.set(copy(endpoint));
  }

  get(orgId: string, id: string): WebhookEndpoint | undefined {
    const e = this.endpoints.get(orgId, id);
    return e && copy(e);
  }

  list(orgId: string): WebhookEndpoint[] {
    return this.endpoints.list(orgId).map(copy);
  }

  delete(orgId: string, id: string): boolean {
    return this.endpoints.delete(orgId, id);
  }

  subscribers(orgId: string, event: string): WebhookEndpoint[] {
    return this.endpoints.subscribers(orgId, event);
  }

  reset(): void {
    this.endpoints.clear();
  }
}

function copy(e: WebhookEndpoint): WebhookEndpoint {
  return { ...e, events: [...e.events] };
}

import type { DeliveryStatus, WebhookEventKind } from '../contract/admin-types.js';

/** A delivery's status is the document's (`WebhookDelivery.status`). */
export type { DeliveryStatus } from '../contract/admin-types.js';

/** The delivery envelope of the spec (id, event, createdAt, data) plus livemode (Authentication rule 9). */
export interface WebhookEnvelope {
  id: string;
  event: WebhookEventKind | (string & {});
  createdAt: string;
  data: Record<string, unknown>;
  livemode: boolean;
}

export interface DeliveryAttempt {
  /** Clock time the attempt started. */
  at: string;
  url: string;
  /** Absent when no HTTP status arrived (timeout, connection error). */
  statusCode?: number;
  error?: string;
  /** Wall-clock milliseconds from sending to the answer or the failure. */
  latencyMs: number;
  signatureHeader: string;
  requestBody: string;
  /** 1-based number of the attempt within its series. */
  attempt: number;
  /** 1 for the first series, +1 for each redeliver(). */
  series: number;
}

export interface WebhookDelivery {
  id: string;
  orgId: string;
  endpointId: string;
  url: string;
  eventId: string;
  event: string;
  livemode: boolean;
  status: DeliveryStatus;
  createdAt: string;
  /** Clock time of the scheduled retry while one is pending. */
  nextAttemptAt?: string;
  series: number;
  attempts: DeliveryAttempt[];
  envelope: WebhookEnvelope;
}

export interface DeliveryFilter {
  orgId?: string;
  event?: string;
  status?: DeliveryStatus;
  endpointId?: string;
  eventId?: string;
}

export interface WaitFilter extends DeliveryFilter {
  deliveryId?: string;
  /** Matches only once the delivery has at least this many attempts logged. */
  minAttempts?: number;
}

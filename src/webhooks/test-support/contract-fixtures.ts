/**
 * What the webhooks' state contract cases build their endpoints and deliveries with, and the fake fetch every
 * instance's attempts go to (webhook-state.contract.ts, webhook-org-state.contract.ts).
 */
import type { WebhookEndpoint } from '../endpoints.js';
import type { WebhookDelivery } from '../types.js';

export const START = Date.UTC(2030, 0, 1);

/** Ids of the shapes the emulator makes (so that exports meet the state schema). */
const pad = (n: number, length: number) => String(n).padStart(length, '0');

export class ContractFixtures {
  /** Every request sent, by event id and URL. */
  readonly sent: { eventId: string; url: string }[] = [];
  /** What the receiver answers. */
  status = 200;
  private n = 0;
  /** Requests to these URLs wait until released (an attempt in flight). */
  private readonly held = new Map<string, Promise<void>>();

  readonly fetchImpl = (async (url: string, init: { body: string }) => {
    this.sent.push({ eventId: (JSON.parse(init.body) as { id: string }).id, url });
    const status = this.status;
    await this.held.get(url);
    return new Response(null, { status });
  }) as unknown as typeof fetch;

  endpoint(orgId: string, events: WebhookEndpoint['events'] = ['ping']): WebhookEndpoint {
    const n = ++this.n;
    return {
      id: `we_${pad(n, 20)}`,
      orgId,
      url: `http://127.0.0.1:9/${orgId}/${n}`,
      events,
      secret: `whsec_${pad(n, 32)}`,
      createdAt: new Date(START).toISOString(),
    };
  }

  /** A delivery of an event that happened at `at` (the clock's time when an event is emitted; its first attempt's). */
  delivery(e: WebhookEndpoint, event = 'ping', at = START): { d: WebhookDelivery; body: string } {
    const n = ++this.n;
    const envelope = {
      id: `evt_${pad(n, 20)}`,
      event,
      createdAt: new Date(at).toISOString(),
      data: { n },
      livemode: true,
    };
    const d: WebhookDelivery = {
      id: `whd_${pad(n, 20)}`,
      orgId: e.orgId,
      endpointId: e.id,
      url: e.url,
      eventId: envelope.id,
      event,
      livemode: true,
      status: 'pending',
      createdAt: envelope.createdAt,
      series: 1,
      attempts: [],
      envelope,
    };
    return { d, body: JSON.stringify(envelope) };
  }

  hits(eventId: string): number {
    return this.sent.filter((s) => s.eventId === eventId).length;
  }

  /** Requests to `url` wait until the returned function is called. */
  hold(url: string): () => void {
    let release!: () => void;
    this.held.set(url, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.held.delete(url);
      release();
    };
  }
}

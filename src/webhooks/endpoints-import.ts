/**
 * One organization's webhook endpoints in a state snapshot (issue 25), for both implementations: the export
 * with or without their signing secrets, what a load makes of an endpoint without one (a new secret from the
 * emulator's seed and the endpoint's id, so the same document loads to the same secret), and the checks the
 * schema cannot make.
 */
import { Random } from '../core/random.js';
import type { ExportOptions, StateProblem } from '../store/state-unit.js';
import type { WebhookEndpoint } from './endpoints.js';
import { newWebhookSecret } from './signature.js';

/** An endpoint as a snapshot holds it: its secret only when secrets were asked for. */
export type ExportedEndpoint = Omit<WebhookEndpoint, 'secret'> & { secret?: string };

export interface EndpointsSection {
  endpoints: ExportedEndpoint[];
}

/** The export of an organization's endpoints (in the order they were registered); undefined when none. */
export function endpointsExport(
  endpoints: WebhookEndpoint[],
  options: ExportOptions = {},
): { endpoints: ExportedEndpoint[] } | undefined {
  if (endpoints.length === 0) return undefined;
  if (options.secrets !== false) return { endpoints };
  return { endpoints: endpoints.map(({ secret: _secret, ...rest }) => rest) };
}

/** The endpoint a load stores: its secret, or one made from the seed and its organization and id. */
export function importedEndpoint(seed: string, orgId: string, e: ExportedEndpoint): WebhookEndpoint {
  const secret = e.secret ?? newWebhookSecret(new Random(`${seed}/state/webhook-endpoint/${orgId}/${e.id}`));
  return { ...e, orgId, events: [...e.events], secret };
}

export function checkEndpoints(orgId: string, data: EndpointsSection): StateProblem | null {
  const seen = new Set<string>();
  for (const [i, e] of data.endpoints.entries()) {
    if (e.orgId !== orgId) return { path: `/endpoints/${i}/orgId`, message: `must be ${orgId}` };
    if (seen.has(e.id)) return { path: `/endpoints/${i}/id`, message: 'is listed twice' };
    seen.add(e.id);
  }
  return null;
}

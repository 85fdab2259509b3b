import type { OrgStore } from '../orgs/store.js';
import { CLOSE } from './ws-close-codes.js';
import type { SocketRegistry } from './socket-registry.js';

/** A revoked key's streams close at once (4001); an organization's reset closes its streams (1012). */
export function closeSocketsOnKeyEvents(orgs: Pick<OrgStore, 'onEvent'>, sockets: SocketRegistry): void {
  orgs.onEvent((event) => {
    if (event.type === 'key.revoked')
      sockets.closeForKey(event.key.id, CLOSE.keyRevoked, 'the API key was revoked');
    if (event.type === 'org.removed')
      sockets.closeForKeys(event.keyIds, CLOSE.reset, 'the organization was reset');
  });
}

import type { Area } from '../area/area.js';
import { sendJson, type OperationContext } from '../http/context.js';
import type { Scope } from '../orgs/store.js';
import type { StateStore } from '../store/index.js';
import { assertScopes } from './authenticate.js';
import { WS_TOKEN_TTL_SECONDS, type WsTokenStore } from './ws-tokens.js';

export interface AuthAreaDeps {
  wsTokens: Pick<WsTokenStore, 'mint'>;
  /** The store a new token's write is settled in before it is handed out. */
  store: Pick<StateStore, 'settled'>;
}

/** POST /v1/auth/ws-token: a token bound to the caller's organization, key and the requested scopes. */
export function authArea({ wsTokens, store }: AuthAreaDeps): Area {
  return {
    name: 'auth',
    handlers: {
      'auth.createWsToken': async (ctx: OperationContext<{ scopes: Scope[] }>) => {
        assertScopes(ctx.principal, ctx.body.scopes, 'a ws-token for these scopes');
        const { token, expiresAt } = wsTokens.mint(ctx.principal, ctx.body.scopes);
        // With a shared store the token is in Redis before the client hears of it, so any instance accepts it.
        const pending = store.settled();
        if (pending) await pending;
        sendJson(ctx, 201, {
          token,
          expires_at: new Date(expiresAt).toISOString(),
          expires_in: WS_TOKEN_TTL_SECONDS,
          scopes: ctx.body.scopes,
          request_id: ctx.requestId,
        });
      },
    },
  };
}

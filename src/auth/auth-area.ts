import type { Area } from '../area/area.js';
import type { OrgClocks } from '../core/clocks.js';
import type { Random } from '../core/random.js';
import { sendJson, type OperationContext } from '../http/context.js';
import type { OrgStore, Scope } from '../orgs/store.js';
import type { StateStore } from '../store/index.js';
import { assertScopes } from './authenticate.js';
import { createWsTokenState } from './ws-token-state.js';
import { WS_TOKEN_TTL_SECONDS, WsTokenStore } from './ws-tokens.js';

declare module '../area/area.js' {
  interface AreaParts {
    /** The ws-tokens minted and not yet used (POST /v1/auth/ws-token). */
    wsTokens: WsTokenStore;
  }
}

export interface AuthAreaDeps {
  /** Where the tokens live; a new token's write is settled in it before it is handed out. */
  store: StateStore;
  clocks: OrgClocks;
  random: Random;
  orgs: OrgStore;
}

/**
 * The ws-tokens and POST /v1/auth/ws-token: a token bound to the caller's organization, key and the requested
 * scopes. (Authentication itself is a stage of the pipeline, app/v1-router.ts.)
 */
export function authArea({ store, clocks, random, orgs }: AuthAreaDeps): Area {
  const state = createWsTokenState(store, clocks);
  const wsTokens = new WsTokenStore(state, { clocks, random, orgs });
  return {
    name: 'auth',
    parts: { wsTokens },
    state: [state],
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

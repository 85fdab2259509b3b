import { sendJson } from '../http/context.js';
import { assertScopes } from './authenticate.js';
import { WS_TOKEN_TTL_SECONDS } from './ws-tokens.js';
/** POST /v1/auth/ws-token: a token bound to the caller's organization, key and the requested scopes. */
export function authArea(emulator) {
    return {
        name: 'auth',
        handlers: {
            'auth.createWsToken': async (ctx) => {
                assertScopes(ctx.principal, ctx.body.scopes, 'a ws-token for these scopes');
                const { token, expiresAt } = emulator.wsTokens.mint(ctx.principal, ctx.body.scopes);
                // With a shared store the token is in Redis before the client hears of it, so any instance accepts it.
                const pending = emulator.store.settled();
                if (pending)
                    await pending;
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

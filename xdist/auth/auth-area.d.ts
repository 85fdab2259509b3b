import type { ProductArea } from '../areas.js';
import type { Emulator } from '../emulator.js';
/** POST /v1/auth/ws-token: a token bound to the caller's organization, key and the requested scopes. */
export declare function authArea(emulator: Emulator): ProductArea;

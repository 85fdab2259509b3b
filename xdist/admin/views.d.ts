import type { Emulator } from '../emulator.js';
import type { Organization } from '../orgs/store.js';
/** The admin representation of an organization; areas add their sections through `orgViewExtensions`. */
export declare function orgView(emulator: Emulator, org: Organization): Record<string, unknown>;
export declare const orgViewExtensions: ((emulator: Emulator, org: Organization) => Record<string, unknown>)[];

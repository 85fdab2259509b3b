import type { Environment } from './types.js';
/** The spec's storage rule: metered as the maximum bytes stored per period, per org and environment. */
export declare class StorageMeter {
    private readonly orgs;
    observe(orgId: string, bytesStored: number, environment?: Environment): number;
    maxInPeriod(orgId: string, environment?: Environment): number;
    /** Returns each environment's maximum and starts the next period at what is stored now. */
    closePeriod(orgId: string): {
        environment: Environment;
        maxBytes: number;
    }[];
    reset(): void;
}

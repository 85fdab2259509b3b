import type express from 'express';
import type { EmulatorOptions } from './config.js';
import { type Emulator, type EmulatorOverrides } from './emulator.js';
import { type AdminClient } from './client/admin-client.js';
export interface RunningEmulator {
    /** `http://HOST:PORT/v1` */
    baseUrl: string;
    /** `http://HOST:PORT/_emulator` */
    adminUrl: string;
    port: number;
    orgId: string;
    /** The demo organization's keys, deterministic for a given seed. */
    keys: {
        live: string;
        test: string;
    };
    emulator: Emulator;
    /** A typed client of the admin API on `adminUrl`, with the admin token when one is configured. */
    admin: AdminClient;
    close(): Promise<void>;
}
/** Starts an emulator on a port (default 4747; pass `port: 0` in tests) with its boot state. */
export declare function startEmulator(options?: EmulatorOptions, overrides?: EmulatorOverrides): Promise<RunningEmulator>;
/** The Express app of a booted emulator, for supertest (`request(await createApp())`). */
export declare function createApp(options?: EmulatorOptions): Promise<express.Express & {
    emulator: Emulator;
}>;

import type { Emulator } from '../emulator.js';
export interface AdminCall {
    method: string;
    path: string;
    body?: unknown;
    query?: Record<string, unknown>;
}
export interface AdminCallResult {
    status: number;
    body: unknown;
}
export declare function invokeAdmin(emulator: Emulator, call: AdminCall): Promise<AdminCallResult>;

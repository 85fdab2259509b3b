import type { EmulatorOptions } from '../config.js';
import { type DriftDifference } from './drift-compare.js';
export declare const DEFAULT_DURATION_TOLERANCE_SECONDS = 0.5;
export interface DriftCase {
    id: string;
    kind: 'http' | 'websocket';
    method: string;
    path: string;
    operation_id: string | null;
    result: 'pass' | 'drift' | 'error';
    recorded_status: number | null;
    emulator_status: number | null;
    differences: DriftDifference[];
    error?: string;
}
export interface DriftReport {
    generated_at: string;
    recordings: string;
    duration_tolerance_seconds: number;
    summary: {
        exchanges: number;
        passed: number;
        drifted: number;
        errors: number;
    };
    exchanges: DriftCase[];
}
export interface DriftOptions {
    recordings: string;
    durationToleranceSeconds?: number;
    /** How the emulator under comparison starts (seed, scenario, config file...). */
    emulator?: EmulatorOptions;
}
export declare function runDrift(options: DriftOptions): Promise<DriftReport>;

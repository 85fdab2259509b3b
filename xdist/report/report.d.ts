/**
 * `GET /_emulator/report`: the client report per key or per test scope, as JSON or JUnit XML (so a CI
 * job can publish it as test results).
 */
import type { Emulator } from '../emulator.js';
import type { JournalEntry } from '../http/journal.js';
import { type CheckResult } from './checks.js';
export interface ReportGroup {
    group: {
        scope: string | null;
        key_id: string | null;
        key: string | null;
        org_id: string | null;
    };
    requests: number;
    checks: CheckResult[];
}
export interface ClientReport {
    generated_at: string;
    summary: {
        groups: number;
        checks: number;
        failed: number;
        passed: number;
        not_applicable: number;
        contract_violations: number;
    };
    groups: ReportGroup[];
}
export declare function buildReport(emulator: Emulator, journal: JournalEntry[], filter: {
    org_id?: string;
    key_id?: string;
    scope?: string;
}): ClientReport;
export declare function reportToJUnit(report: ClientReport): string;

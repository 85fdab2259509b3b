/** The drift report as a table for people and as JUnit XML for CI (each recorded exchange a test case). */
import type { DriftDifference } from './drift-compare.js';
import type { DriftReport } from './drift.js';
export declare function describeDifference(d: DriftDifference): string;
export declare function driftTable(report: DriftReport): string;
export declare function driftToJUnit(report: DriftReport): string;

import { type HitLike } from './sentences.js';
export interface AnalyzeOptions {
    language?: string;
}
export interface AnalysisResult {
    answer: string;
    citations: number[];
    workSeconds: number;
    documentsAnalyzed: number;
}
export declare const MIN_WORK_SECONDS = 5;
export declare const MAX_WORK_SECONDS = 30;
export declare function workSecondsFor(documents: number, characters: number): number;
export declare function analyze(query: string, hits: readonly HitLike[], options?: AnalyzeOptions): AnalysisResult;

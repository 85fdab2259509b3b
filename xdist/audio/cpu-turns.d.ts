/** Resolves when it is this job's turn for its next slice. */
export declare function nextCpuTurn(): Promise<void>;

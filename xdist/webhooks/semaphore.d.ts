/** Counts attempts in flight; callers beyond the limit wait in FIFO order. */
export declare class Semaphore {
    private readonly limit;
    private active;
    private readonly waiting;
    constructor(limit: number);
    acquire(): Promise<void>;
    release(): void;
}

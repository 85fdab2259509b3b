/** What a worker tells the primary once it listens (and is ready, with --wait-ready). */
export interface WorkerReady {
    type: 'svc-emulator:ready';
    instanceId: string;
    baseUrl: string;
    adminUrl: string;
    store: string;
    banner: string[];
}
export declare function isClusterWorker(): boolean;
export declare function tellPrimary(message: WorkerReady): void;
/** The worker's arguments: the primary's, without the options the primary decides for each worker. */
export declare function workerArgs(argv: string[]): string[];
/** Runs the primary: forks the workers, prints the readiness line, restarts a worker that dies, stops them all on a signal. */
export declare function runPrimary(argv: string[], opts: {
    instances: number;
    instanceId: string | null;
}): Promise<number>;

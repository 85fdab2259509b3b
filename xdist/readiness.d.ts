import type { BootState } from './areas.js';
import type { Emulator } from './emulator.js';
export interface EmulatorHealth {
    status: 'ok';
    /** True once all boot work (`boot`) is done. */
    ready: boolean;
    /** Each area's boot work: `indexing` (or another in-progress state), `ready`, `failed`, `disabled`. */
    boot: Record<string, BootState>;
}
/** The demo organization's credentials: the body of `GET /_emulator/demo` and of `--keys-file`. */
export interface DemoKeys {
    org_id: string;
    base_url: string | null;
    admin_url: string | null;
    keys: {
        live: string;
        test: string;
    };
    key_ids: {
        live: string;
        test: string;
    };
}
export declare function demoKeys(emulator: Emulator, urls?: {
    baseUrl?: string;
    adminUrl?: string;
}): DemoKeys;
/**
 * Writes the demo credentials for CI: dotenv when the name ends in `.env`, JSON otherwise. Owner-only
 * permissions, because the file holds full keys.
 */
export declare function writeKeysFile(path: string, keys: DemoKeys): void;

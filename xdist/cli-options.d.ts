import type { EmulatorOptions } from './config.js';
interface OptionSpec {
    flag: string;
    env: string;
    kind: 'string' | 'boolean';
    help: string;
    /** `source` is what the user set (`--port` or `SVC_EMULATOR_PORT`), so errors name it. */
    apply: (value: string, into: EmulatorOptions, source: string) => void;
}
export declare const OPTION_SPECS: OptionSpec[];
export declare class CliError extends Error {
    name: string;
}
export type CliParse = {
    help: true;
} | {
    version: true;
} | {
    help?: false;
    version?: false;
    options: EmulatorOptions;
};
export declare function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliParse;
export declare function helpText(): string;
export {};

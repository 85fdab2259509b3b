import type { Options } from 'ajv/dist/2020.js';
/**
 * The options of both ajv instances (./compile.ts); the build generates its standalone code with exactly these
 * (./standalone-build.ts), and they are part of the generated code's fingerprint (./standalone.ts).
 */
export declare function ajvOptions(coerceTypes: boolean): Options;

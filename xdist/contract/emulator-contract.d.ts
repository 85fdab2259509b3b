/**
 * The emulator's compiled contract (both OpenAPI documents, their routes and validators), compiled once per
 * process, and the contract self-check the test suite turns on (SVC_EMULATOR_CONTRACT_CHECK=1): every
 * response and WebSocket text frame is checked against the documents.
 */
import type { WebSocket } from 'ws';
import type { WsContext } from '../http/context.js';
import { compileSchema, type RouteTable, type Validators } from './compile.js';
import { type OpenApiDocument } from './documents.js';
import { ContractChecker } from './response-check.js';
export interface Contract {
    gatewayDocument: OpenApiDocument;
    adminDocument: OpenApiDocument;
    gateway: RouteTable;
    admin: RouteTable;
    validators: Validators;
    /** A validator for a named schema of the gateway document (WebSocket frames...). */
    schema(name: string): ReturnType<typeof compileSchema>;
}
/** The contract is immutable, so it is compiled once per process and shared by every emulator. */
export declare function compileContract(): Contract;
/** Every checker of this process, so a test hook can fail the test that produced a violation. */
export declare const liveCheckers: Set<ContractChecker>;
/** The contract self-check when SVC_EMULATOR_CONTRACT_CHECK=1 (as in the test suite); undefined otherwise. */
export declare function contractCheckerFor(contract: Contract): ContractChecker | undefined;
/** Checks every text frame the session sends against its operation's frame schemas. */
export declare function checkFrames(checker: ContractChecker, ws: WebSocket, ctx: WsContext): void;

/**
 * The emulator's compiled contract (both OpenAPI documents, their routes and validators), compiled once per
 * process, and the contract self-check the test suite turns on (SVC_EMULATOR_CONTRACT_CHECK=1): every
 * response and WebSocket text frame is checked against the documents.
 */
import type { WebSocket } from 'ws';
import type { WsContext } from '../http/context.js';
import {
  compileDocument,
  compileSchema,
  createValidators,
  lazyValidator,
  type RouteTable,
  type Validators,
} from './compile.js';
import { ADMIN_DOC_ID, GATEWAY_DOC_ID, loadDocuments, type OpenApiDocument } from './documents.js';
import { closeDocument } from './closed.js';
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

let compiled: Contract | undefined;

/** The contract is immutable, so it is compiled once per process and shared by every emulator. */
export function compileContract(): Contract {
  if (compiled) return compiled;
  const docs = loadDocuments();
  const validators = createValidators({ [GATEWAY_DOC_ID]: docs.gateway, [ADMIN_DOC_ID]: docs.admin });
  const schemas = new Map<string, ReturnType<typeof compileSchema>>();
  compiled = {
    gatewayDocument: docs.gateway,
    adminDocument: docs.admin,
    gateway: compileDocument(docs.gateway, GATEWAY_DOC_ID, validators, { basePath: '/v1' }),
    admin: compileDocument(docs.admin, ADMIN_DOC_ID, validators, { basePath: '' }),
    validators,
    schema(name) {
      let v = schemas.get(name);
      if (!v) schemas.set(name, (v = lazyValidator(() => compileSchema(validators, GATEWAY_DOC_ID, name))));
      return v;
    },
  };
  return compiled;
}

/** Every checker of this process, so a test hook can fail the test that produced a violation. */
export const liveCheckers = new Set<ContractChecker>();

let closedValidators: Validators | undefined;

/** The contract self-check when SVC_EMULATOR_CONTRACT_CHECK=1 (as in the test suite); undefined otherwise. */
export function contractCheckerFor(contract: Contract): ContractChecker | undefined {
  if (process.env.SVC_EMULATOR_CONTRACT_CHECK !== '1') return undefined;
  // Answers are checked against the admin document with its objects closed (./closed.ts); requests are not.
  // One set of validators per process, as for the contract itself (each compiled function is cached).
  closedValidators ??= createValidators(
    { [GATEWAY_DOC_ID]: contract.gatewayDocument, [ADMIN_DOC_ID]: closeDocument(contract.adminDocument) },
    { prebuilt: () => undefined },
  );
  const checker = new ContractChecker(closedValidators, [
    { id: GATEWAY_DOC_ID, doc: contract.gatewayDocument, routes: contract.gateway, prefix: '/v1' },
    { id: ADMIN_DOC_ID, doc: contract.adminDocument, routes: contract.admin, prefix: '/_emulator' },
  ]);
  liveCheckers.add(checker);
  return checker;
}

/** Checks every text frame the session sends against its operation's frame schemas. */
export function checkFrames(checker: ContractChecker, ws: WebSocket, ctx: WsContext): void {
  const send = ws.send.bind(ws);
  ws.send = ((data: any, ...rest: any[]) => {
    if (typeof data === 'string') checker.checkFrame(ctx.operation, data);
    return (send as any)(data, ...rest);
  }) as typeof ws.send;
}

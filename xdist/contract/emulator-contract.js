import { compileDocument, compileSchema, createValidators, lazyValidator } from './compile.js';
import { ADMIN_DOC_ID, GATEWAY_DOC_ID, loadDocuments } from './documents.js';
import { ContractChecker } from './response-check.js';
let compiled;
/** The contract is immutable, so it is compiled once per process and shared by every emulator. */
export function compileContract() {
    if (compiled)
        return compiled;
    const docs = loadDocuments();
    const validators = createValidators({ [GATEWAY_DOC_ID]: docs.gateway, [ADMIN_DOC_ID]: docs.admin });
    const schemas = new Map();
    compiled = {
        gatewayDocument: docs.gateway,
        adminDocument: docs.admin,
        gateway: compileDocument(docs.gateway, GATEWAY_DOC_ID, validators, { basePath: '/v1' }),
        admin: compileDocument(docs.admin, ADMIN_DOC_ID, validators, { basePath: '' }),
        validators,
        schema(name) {
            let v = schemas.get(name);
            if (!v)
                schemas.set(name, (v = lazyValidator(() => compileSchema(validators, GATEWAY_DOC_ID, name))));
            return v;
        },
    };
    return compiled;
}
/** Every checker of this process, so a test hook can fail the test that produced a violation. */
export const liveCheckers = new Set();
/** The contract self-check when SVC_EMULATOR_CONTRACT_CHECK=1 (as in the test suite); undefined otherwise. */
export function contractCheckerFor(contract) {
    if (process.env.SVC_EMULATOR_CONTRACT_CHECK !== '1')
        return undefined;
    const checker = new ContractChecker(contract.validators, [
        { id: GATEWAY_DOC_ID, doc: contract.gatewayDocument, routes: contract.gateway, prefix: '/v1' },
        { id: ADMIN_DOC_ID, doc: contract.adminDocument, routes: contract.admin, prefix: '/_emulator' },
    ]);
    liveCheckers.add(checker);
    return checker;
}
/** Checks every text frame the session sends against its operation's frame schemas. */
export function checkFrames(checker, ws, ctx) {
    const send = ws.send.bind(ws);
    ws.send = ((data, ...rest) => {
        if (typeof data === 'string')
            checker.checkFrame(ctx.operation, data);
        return send(data, ...rest);
    });
}

/**
 * The options of both ajv instances (./compile.ts); the build generates its standalone code with exactly these
 * (./standalone-build.ts), and they are part of the generated code's fingerprint (./standalone.ts).
 */
export function ajvOptions(coerceTypes) {
    return {
        strict: false,
        allErrors: false,
        useDefaults: true,
        coerceTypes,
        verbose: true,
        // The documents are linted by Redocly in `npm test`; checking them against the meta-schema again at
        // every start cost ~0.4 s.
        validateSchema: false,
        // Keys such as __proto__ are data like any other; ajv never assigns through them.
        ownProperties: true,
    };
}

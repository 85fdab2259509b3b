import { pointer, resolveRef } from './compile.js';
import { describeAjvError } from './ajv-errors.js';
const PROBLEM_REF = '#/components/schemas/Problem';
export class ContractChecker {
    validators;
    docs;
    cache = new Map();
    violations = [];
    /** Operations that answered at least once (HTTP) or opened a session (WebSocket): the coverage report. */
    seen = new Set();
    constructor(validators, docs) {
        this.validators = validators;
        this.docs = docs;
    }
    compile(ref) {
        let v = this.cache.get(ref);
        if (!v)
            this.cache.set(ref, (v = this.validators.json.compile({ $ref: ref })));
        return v;
    }
    find(op) {
        for (const d of this.docs) {
            for (const [path, item] of Object.entries(d.doc.paths ?? {})) {
                if (item[op.method.toLowerCase()]?.operationId === op.operationId)
                    return { id: d.id, doc: d.doc, path };
            }
        }
        return undefined;
    }
    /** Checks one HTTP response of an operation (or of no operation: unknown routes must still be Problems). */
    checkResponse(op, method, url, facts) {
        const where = `${method} ${url} → ${facts.status}`;
        const fail = (problem, detail) => this.violations.push({ where, problem, ...detail });
        if (!facts.headers['x-request-id'])
            fail('missing X-Request-Id header');
        const isProblem = /^application\/problem\+json/.test(facts.contentType ?? '');
        if (facts.status >= 400 && !isProblem)
            fail(`error response with Content-Type ${facts.contentType ?? 'none'}`);
        if (isProblem && facts.body !== undefined) {
            this.validateJson(`${this.docs[0].id}${PROBLEM_REF}`, facts.body, fail);
            try {
                const body = JSON.parse(facts.body);
                if (body.request_id !== facts.headers['x-request-id'])
                    fail('problem request_id differs from X-Request-Id');
            }
            catch {
                /* reported by validateJson */
            }
        }
        if (!op)
            return;
        this.seen.add(op.operationId);
        const located = this.find(op);
        if (!located)
            return;
        const raw = located.doc.paths[located.path][op.method.toLowerCase()];
        const responses = raw.responses ?? {};
        const key = responses[String(facts.status)] ? String(facts.status) : responses[`${String(facts.status)[0]}XX`] ? `${String(facts.status)[0]}XX` : responses.default ? 'default' : undefined;
        // 501 marks an operation the emulator does not implement yet; it is not part of the contract.
        if (!key) {
            if (facts.status !== 501 && !facts.offContract)
                fail(`status ${facts.status} is not documented for ${op.operationId}`);
            if (facts.offContract && facts.status >= 400 && facts.body !== undefined)
                this.validateJson(`${this.docs[0].id}${PROBLEM_REF}`, facts.body, fail);
            return;
        }
        const response = resolveRef(located.doc, responses[key]);
        for (const [name, header] of Object.entries(response.headers ?? {})) {
            const schema = resolveRef(located.doc, header)?.schema;
            const value = facts.headers[name.toLowerCase()];
            if (value === undefined) {
                if (/^(RateLimit-|Retry-After)/.test(name) && facts.status === 429)
                    fail(`missing header ${name} on 429`);
                continue;
            }
            const text = Array.isArray(value) ? value.join(',') : typeof value === 'number' ? String(value) : typeof value === 'string' ? value : JSON.stringify(value);
            if (schema?.type === 'integer' && !/^\d+$/.test(text))
                fail(`header ${name} must be an integer (got ${text})`);
        }
        const content = response.content;
        if (!content)
            return;
        const mediaType = (facts.contentType ?? '').split(';')[0].trim();
        if (!content[mediaType]) {
            fail(`Content-Type ${mediaType || 'none'} is not documented for ${op.operationId} ${key} (documented: ${Object.keys(content).join(', ')})`);
            return;
        }
        if (facts.body !== undefined && /json/.test(mediaType)) {
            const ref = `${located.id}#${pointer('', 'paths', located.path, op.method.toLowerCase(), 'responses', key)}`;
            // Follow a response $ref to where its content lives.
            const target = responses[key].$ref ? `${located.id}${responses[key].$ref}` : ref;
            this.validateJson(`${target}/content/${pointer(mediaType)}/schema`, facts.body, fail);
        }
    }
    /** Checks a JSON frame the server sends on a WebSocket against the operation's documented server frames. */
    sessionOpened(op) {
        this.seen.add(op.operationId);
    }
    /** Checks a JSON frame against the operation's documented server frames (or client frames, for a proxy). */
    checkFrame(op, data, from = 'server') {
        const located = this.find(op);
        const frames = located?.doc.paths[located.path][op.method.toLowerCase()]?.['x-websocket']?.[`${from}Frames`];
        if (!located || !frames)
            return;
        const errors = [];
        let value;
        for (const frame of frames) {
            const ok = this.validateJson(`${located.id}${frame.$ref}`, data, (p, detail) => {
                errors.push(p);
                value ??= detail?.value;
            });
            if (ok)
                return;
        }
        this.violations.push({ where: `WebSocket ${op.path} ${from} frame`, problem: `${data.slice(0, 200)}: ${errors.join('; ')}`, value });
    }
    validateJson(ref, text, fail) {
        let data;
        try {
            data = JSON.parse(text);
        }
        catch {
            fail(`body is not JSON: ${text.slice(0, 80)}`);
            return false;
        }
        const validate = this.compile(ref);
        // Schema defaults must not be written into the checked copy: validate a clone.
        if (validate(structuredClone(data)))
            return true;
        const error = validate.errors[0];
        fail(`body does not match ${ref.split('#')[1]}: ${describeAjvError(error, 'body')}`, { value: offendingValue(error), pointer: error.instancePath });
        return false;
    }
}
/** What broke a rule: nothing for a missing field, the name of an undocumented one, else the value itself. */
export function offendingValue(error) {
    if (error.keyword === 'required')
        return null;
    if (error.keyword === 'additionalProperties')
        return error.params.additionalProperty ?? null;
    return error.data;
}

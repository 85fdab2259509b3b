import type { ErrorObject } from 'ajv';
import { closest } from './near-miss.js';

/** Renders an instance path such as `/document_ids/0` as `document_ids[0]`. */
export function fieldName(instancePath: string, root: string): string {
  if (!instancePath) return root;
  return (
    instancePath
      .split('/')
      .slice(1)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      // An index at the top (a root array) hangs off the root name rather than off nothing.
      .reduce(
        (acc, part) => (/^\d+$/.test(part) ? `${acc || root}[${part}]` : acc ? `${acc}.${part}` : part),
        '',
      )
  );
}

function show(value: unknown): string {
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

/**
 * One sentence naming the field and the rule, e.g. "text must be at most 500 characters (got 612)".
 * Requires ajv's `verbose` option, for `data` and `parentSchema`.
 */
export function describeAjvError(err: ErrorObject, root = 'body'): string {
  const field = fieldName(err.instancePath, root);
  const params = err.params;
  const parent = (err.parentSchema ?? {}) as Record<string, any>;
  const data = err.data;
  const prefix = (name: string) => (field === root ? name : `${field}.${name}`);
  switch (err.keyword) {
    case 'required': {
      // A missing field next to an unknown one that looks like it is most likely a typo: say so.
      const missing = String(params.missingProperty);
      const known = new Set(Object.keys(parent.properties ?? {}));
      const typo = isObject(data)
        ? Object.keys(data).find((k) => !known.has(k) && closest(k, [missing]) === missing)
        : undefined;
      const hint =
        typo === undefined ? '' : `; unknown field \`${prefix(typo)}\`; did you mean \`${missing}\`?`;
      return `${prefix(missing)} is required${hint}`;
    }
    case 'additionalProperties': {
      const names = Object.keys(parent.properties ?? {});
      const allowed = names.join(', ');
      const unknown = String(params.additionalProperty);
      const suggestion = closest(unknown, names);
      if (suggestion !== undefined)
        return `unknown field \`${prefix(unknown)}\`; did you mean \`${suggestion}\`? (allowed: ${allowed})`;
      return `${prefix(unknown)} is not an allowed field${allowed ? ` (allowed: ${allowed})` : ''}`;
    }
    // A closed schema (the self-check's, contract/closed.ts): the field is declared nowhere its object's
    // schema, its `allOf` members and its matching branches look.
    case 'unevaluatedProperties':
      return `${prefix(String(params.unevaluatedProperty))} is not declared`;
    case 'maxLength':
      return `${field} must be at most ${params.limit} characters (got ${[...String(data)].length})`;
    case 'minLength':
      return `${field} must be at least ${params.limit} character${params.limit === 1 ? '' : 's'} long`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      if (parent.minimum !== undefined && parent.maximum !== undefined) {
        return `${field} must be between ${parent.minimum} and ${parent.maximum} (got ${show(data)})`;
      }
      // ajv's `comparison` is '>' or '<' for the exclusive keywords, '>=' or '<=' otherwise.
      return `${field} must be ${params.comparison} ${params.limit} (got ${show(data)})`;
    case 'type':
      return `${field} must be ${/^[aeiou]/.test(String(params.type)) ? 'an' : 'a'} ${params.type} (got ${typeOf(data)})`;
    case 'enum':
      return `${field} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')} (got ${show(data)})`;
    case 'const':
      return `${field} must be ${show(params.allowedValue)} (got ${show(data)})`;
    case 'pattern':
      return `${field} must match ${params.pattern} (got ${show(data)})`;
    case 'format':
      return `${field} must be a valid ${params.format} (got ${show(data)})`;
    case 'minItems':
      return `${field} must have at least ${params.limit} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${field} must have at most ${params.limit} items`;
    case 'uniqueItems':
      return `${field} must not contain duplicate items (items ${params.j} and ${params.i} are equal)`;
    case 'propertyNames':
      return `${field} has an invalid key ${show(params.propertyName)}`;
    default:
      return `${field} ${err.message ?? 'is invalid'}`;
  }
}

/** Picks the most useful error: ajv reports `if` failures after the `then` error that explains them. */
export function firstMeaningfulError(errors: ErrorObject[]): ErrorObject {
  return (
    errors.find((e) => e.keyword !== 'if' && e.keyword !== 'oneOf' && e.keyword !== 'anyOf') ?? errors[0]
  );
}

import type { ErrorObject } from 'ajv';
/** Renders an instance path such as `/document_ids/0` as `document_ids[0]`. */
export declare function fieldName(instancePath: string, root: string): string;
/**
 * One sentence naming the field and the rule, e.g. "text must be at most 500 characters (got 612)".
 * Requires ajv's `verbose` option, for `data` and `parentSchema`.
 */
export declare function describeAjvError(err: ErrorObject, root?: string): string;
/** Picks the most useful error: ajv reports `if` failures after the `then` error that explains them. */
export declare function firstMeaningfulError(errors: ErrorObject[]): ErrorObject;

/** The longest endpoint URL accepted (characters), like common browsers' and proxies' practical limit. */
export declare const MAX_ENDPOINT_URL_LENGTH = 2048;
/**
 * The rules for a webhook endpoint URL (decision W12): `http` or `https` only, no user name or password
 * (they would show in listings and the delivery log), at most 2,048 characters, a port from 1 to 65535.
 * Returns the URL as given; throws a 422 `validation_failed` naming the rule. `field` names the input.
 */
export declare function checkEndpointUrl(raw: string, field?: string): string;

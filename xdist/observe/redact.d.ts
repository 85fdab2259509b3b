export declare const ADMIN_TOKEN_PLACEHOLDER = "[admin token]";
export declare class Redactor {
    private readonly adminToken;
    constructor(adminToken: string | null);
    text(text: string): string;
    /** Header names lower-cased; the admin token header replaced whole, every other value redacted as text. */
    headers(headers: Record<string, string | string[] | number | undefined>): Record<string, string>;
}

/** The optional `metadata` part: JSON text of an object. */
export declare function parseMetadata(text: string | undefined): Record<string, unknown>;

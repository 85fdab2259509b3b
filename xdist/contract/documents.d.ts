/** The folder holding the OpenAPI documents. */
export declare const OPENAPI_DIR: string;
export declare const GATEWAY_DOC_ID = "https://svc-emulator.local/openapi/gateway.yaml";
export declare const ADMIN_DOC_ID = "https://svc-emulator.local/openapi/admin.yaml";
export type OpenApiDocument = Record<string, any>;
/** Loads both documents once per process; they are immutable at run time. */
export declare function loadDocuments(): {
    gateway: OpenApiDocument;
    admin: OpenApiDocument;
};

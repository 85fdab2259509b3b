export declare const ragErrors: {
    readonly rag_not_entitled: {
        readonly status: 403;
        readonly title: "RAG entitlement required";
    };
    readonly rag_not_provisioned: {
        readonly status: 409;
        readonly title: "RAG tenant not provisioned";
    };
    readonly rag_provisioning: {
        readonly status: 409;
        readonly title: "RAG tenant provisioning";
    };
    readonly document_not_found: {
        readonly status: 404;
        readonly title: "Document not found";
    };
    readonly document_too_large: {
        readonly status: 422;
        readonly title: "Document too large";
    };
    readonly unsupported_document_type: {
        readonly status: 422;
        readonly title: "Unsupported document type";
    };
    readonly document_unreadable: {
        readonly status: 422;
        readonly title: "Document unreadable";
    };
    readonly document_empty: {
        readonly status: 422;
        readonly title: "Document has no text";
    };
    /** Past a content limit (rag.max*) or a worker ceiling; the detail names the limit and its value (docs/limits.md). */
    readonly document_too_complex: {
        readonly status: 422;
        readonly title: "Document too complex";
    };
    readonly malware_detected: {
        readonly status: 422;
        readonly title: "Malware detected";
    };
    readonly archive_rejected: {
        readonly status: 422;
        readonly title: "Archive rejected";
    };
    readonly invalid_metadata: {
        readonly status: 422;
        readonly title: "Invalid metadata";
    };
    /** Only ever the `error` of a failed indexing job (and its webhook), never an HTTP answer. */
    readonly indexing_failed: {
        readonly status: 502;
        readonly title: "Indexing failed";
    };
};

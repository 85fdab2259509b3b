import type { CodesOf, ErrorDefinition } from '../core/errors.js';

export const ragErrors = {
  rag_not_entitled: { status: 403, title: 'RAG entitlement required' },
  rag_not_provisioned: { status: 409, title: 'RAG tenant not provisioned' },
  rag_provisioning: { status: 409, title: 'RAG tenant provisioning' },
  document_not_found: { status: 404, title: 'Document not found' },
  document_too_large: { status: 422, title: 'Document too large' },
  unsupported_document_type: { status: 422, title: 'Unsupported document type' },
  document_unreadable: { status: 422, title: 'Document unreadable' },
  document_empty: { status: 422, title: 'Document has no text' },
  /** Past a content limit (rag.max*) or a worker ceiling; the detail names the limit and its value (docs/limits.md). */
  document_too_complex: { status: 422, title: 'Document too complex' },
  malware_detected: { status: 422, title: 'Malware detected' },
  archive_rejected: { status: 422, title: 'Archive rejected' },
  invalid_metadata: { status: 422, title: 'Invalid metadata' },
  /** Only ever the `error` of a failed indexing job (and its webhook), never an HTTP answer. */
  indexing_failed: { status: 502, title: 'Indexing failed' },
} as const satisfies Record<string, ErrorDefinition>;

declare module '../core/errors.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaErrorCodes extends CodesOf<typeof ragErrors> {}
}

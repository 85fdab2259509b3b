import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
export interface Upstream {
    /** `http://host:port/prefix/v1`, without a trailing slash. */
    base: URL;
    /** The upstream URL for a path of the emulator's /v1 surface (`/v1/tts?x=1`). */
    url(pathAndQuery: string, ws?: boolean): URL;
}
export declare function parseUpstream(value: string): Upstream;
/** The caller's headers, minus those of the connection. The caller's key goes through untouched. */
export declare function forwardedHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders;
/** The upstream's response headers to pass back (the framing is the proxy's own). */
export declare function returnedHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders;
/**
 * Who is calling, as far as the proxy can tell without the upstream's key store: the key's display form,
 * its environment, and a stable pseudo id (a hash of the key) so the journal and the client report can
 * group the caller's requests. Faults match on these (an `org_id` match never does: orgs are upstream).
 */
export interface ProxyCaller {
    orgId: string;
    keyId: string;
    keyDisplay: string;
    environment: 'live' | 'test';
}
export declare function callerOf(authorization: string | undefined): ProxyCaller | null;

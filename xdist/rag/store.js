import { SearchIndex } from './engine/search-index.js';
const SEARCH_LOG_LIMIT = 50;
export class OrgRagState {
    documents = new Map();
    jobs = new Map();
    index = new SearchIndex();
    searches = [];
    /** Remaining indexing jobs to fail on purpose (admin fault). */
    failNextJobs = 0;
    /** With a shared store: the org's version in the store that documents, jobs and index reflect. */
    sharedVersion = 0;
    /** Bytes of the indexed documents uploaded in an environment (what storage metering observes). */
    storedBytes(environment) {
        let total = 0;
        for (const d of this.documents.values())
            if (d.status === 'ready' && d.environment === environment)
                total += d.sizeBytes;
        return total;
    }
    logSearch(entry) {
        this.searches.push(entry);
        if (this.searches.length > SEARCH_LOG_LIMIT)
            this.searches.shift();
    }
}
export class RagStore {
    orgs = new Map();
    /** Set when the emulator runs over a shared store. */
    replica = null;
    /** The org's state, created on first use. */
    org(orgId) {
        let s = this.orgs.get(orgId);
        if (s === undefined)
            this.orgs.set(orgId, (s = new OrgRagState()));
        return s;
    }
    peek(orgId) {
        return this.orgs.get(orgId);
    }
    reset() {
        for (const s of this.orgs.values())
            for (const j of s.jobs.values())
                j.timer?.cancel();
        this.orgs.clear();
    }
}

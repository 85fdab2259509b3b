import { CustomApiError } from '../http/errors.js';
import { indexInput } from '../rag/index-input.js';
import { RAG_ACCEPT, RAG_CLEAR, RAG_DELETE, RAG_FINISH, RAG_JOB_PUT } from './scripts-rag.js';
/** The due-work kind of an indexing job's completion; the payload names the org, the item id is the job's. */
const INDEX_WORK = 'rag.index';
const TOMBSTONE = '{"tombstone":true}';
export class SharedRag {
    store;
    work;
    targets;
    defined = false;
    /** Reloads are numbered as sent; one applies only if no later one has (replies come in order on one connection). */
    sent = 0;
    applied = new WeakMap();
    /** Stored documents this instance put into each org's index (the demo corpus is not among them). */
    indexed = new WeakMap();
    constructor(store, work) {
        this.store = store;
        this.work = work;
        store.onMessage((m) => this.receive(m));
        store.onResync(() => this.loadTenants());
    }
    attach(targets) {
        this.targets = targets;
        targets.store.replica = this;
        targets.tenants.replica = this;
        // Idempotent: the job's outcome is written only while it is still processing (RAG_FINISH), so a run
        // again after an instance died mid-way does nothing twice.
        this.work.handle(INDEX_WORK, (item) => targets.finish(item.payload.orgId, item.id));
    }
    get redis() {
        return this.store.redis;
    }
    orgKeys(orgId) {
        const key = (name) => this.store.key(`rag:org:${orgId}:${name}`);
        // The order of every script's KEYS (scripts-rag.ts).
        const all = [this.store.key('rag:seq'), key('ver'), this.k.orgs, key('docs'), key('text'), key('jobs'), key('order')];
        return { all, ver: all[1], docs: all[3], text: all[4], jobs: all[5], order: all[6] };
    }
    get k() {
        return { tenants: this.store.key('rag:tenants'), orgs: this.store.key('rag:orgs') };
    }
    /** The first ARGV of every script: org, channel, and the `rag.changed` event up to its version. */
    head(orgId) {
        const prefix = `{"from":${JSON.stringify(this.store.instanceId)},"type":"rag.changed","data":{"org":${JSON.stringify(orgId)},"ver":`;
        return [orgId, this.store.channel, prefix];
    }
    /** At open: the scripts, then the tenants into the local copy. */
    async load() {
        if (!this.defined) {
            const define = (name, lua, numberOfKeys) => this.store.redis.defineCommand(name, { numberOfKeys, lua });
            define('svcRagAccept', RAG_ACCEPT, 7);
            define('svcRagJobPut', RAG_JOB_PUT, 7);
            define('svcRagFinish', RAG_FINISH, 7);
            define('svcRagDelete', RAG_DELETE, 7);
            define('svcRagClear', RAG_CLEAR, 1);
            this.defined = true;
        }
        await this.loadTenants();
    }
    async loadTenants() {
        const all = await this.store.run(() => this.redis.hgetall(this.k.tenants));
        for (const json of Object.values(all))
            this.targets?.tenants.applyRemote(JSON.parse(json));
    }
    /** The fixed keys a reset deletes; clear() adds the per-org ones. */
    keyNames() {
        return [this.k.tenants, this.k.orgs];
    }
    /** Queues the deletion of every org's RAG keys into a reset's transaction. */
    clear(tx) {
        void tx.svcRagClear(this.k.orgs, this.store.key('rag:org:'));
    }
    assertWritable() {
        this.store.assertAvailable();
    }
    // ---- tenants -----------------------------------------------------------------------------------------
    created(tenant) {
        const json = JSON.stringify(tenant);
        const message = this.store.message('rag.tenant', tenant);
        const k = this.k.tenants;
        this.store.assertAvailable();
        this.store.track(this.store.redis.svcPutNew(k, k, tenant.orgId, json, '', this.store.channel, message).then(async (inserted) => {
            if (inserted === 1)
                return;
            // Another instance stored it first: that one holds.
            const stored = await this.redis.hget(k, tenant.orgId);
            if (stored)
                this.targets?.tenants.applyRemote(JSON.parse(stored));
        }));
    }
    changed(tenant) {
        this.store.assertAvailable();
        const tx = this.redis.multi().hset(this.k.tenants, tenant.orgId, JSON.stringify(tenant));
        this.store.track(tx.publish(this.store.channel, this.store.message('rag.tenant', tenant)).exec());
    }
    // ---- documents and jobs ------------------------------------------------------------------------------
    async accept(orgId, doc, prepared, job) {
        const k = this.orgKeys(orgId);
        const args = [...this.head(orgId), doc.documentId, JSON.stringify(storedDocument(doc)), JSON.stringify(storedText(prepared)), job.jobId, JSON.stringify(storedJob(job))];
        await this.store.run(() => this.redis.svcRagAccept(...k.all, ...args));
    }
    jobUpdated(orgId, job) {
        const k = this.orgKeys(orgId);
        this.store.track(this.redis.svcRagJobPut(...k.all, ...this.head(orgId), job.jobId, JSON.stringify(storedJob(job))));
    }
    async finish(orgId, job, doc) {
        const k = this.orgKeys(orgId);
        const args = [...this.head(orgId), doc.documentId, JSON.stringify(storedDocument(doc)), job.jobId, JSON.stringify(storedJob(job)), job.status === 'failed' ? '1' : ''];
        return Number(await this.store.run(() => this.redis.svcRagFinish(...k.all, ...args))) > 0;
    }
    async delete(orgId, doc, failing) {
        const k = this.orgKeys(orgId);
        const args = [...this.head(orgId), doc.documentId, doc.builtin ? TOMBSTONE : ''];
        for (const job of failing)
            args.push(job.jobId, JSON.stringify(storedJob(job)));
        const out = (await this.store.run(() => this.redis.svcRagDelete(...k.all, ...args)));
        return out === null ? null : out.slice(1);
    }
    async text(orgId, documentId) {
        const json = await this.store.run(() => this.redis.hget(this.orgKeys(orgId).text, documentId));
        return json === null ? null : preparedText(JSON.parse(json));
    }
    /**
     * The job's completion goes through the shared due-work queue: run by the accepting instance while it is
     * alive, by another one if it dies. Everything it needs (document, extracted text, job) is in Redis.
     */
    schedule(orgId, job, dueInMs) {
        this.work.schedule(INDEX_WORK, job.jobId, { orgId }, this.targets.clock.now() + dueInMs);
    }
    // ---- the local cache ---------------------------------------------------------------------------------
    async sync(orgId) {
        const t = this.targets;
        await t.ready();
        const state = t.store.org(orgId);
        const ver = Number(await this.store.run(() => this.redis.get(this.orgKeys(orgId).ver))) || 0;
        if (ver !== state.sharedVersion)
            await this.reload(orgId, state);
    }
    /** Reads the org's documents and jobs, and the text of documents ready there but not in the local index yet. */
    async reload(orgId, state) {
        const k = this.orgKeys(orgId);
        const ticket = ++this.sent;
        const results = await this.store.run(() => this.redis.multi().get(k.ver).zrange(k.order, 0, -1).hgetall(k.docs).hgetall(k.jobs).exec());
        const [ver, order, docs, jobs] = (results ?? []).map(([err, value]) => {
            if (err)
                throw err;
            return value;
        });
        const indexed = this.indexed.get(state) ?? new Set();
        const stored = order.filter((id) => docs[id] !== undefined && docs[id] !== TOMBSTONE).map((id) => JSON.parse(docs[id]));
        const missing = stored.filter((d) => d.status === 'ready' && !indexed.has(d.documentId));
        const texts = missing.length === 0 ? [] : await this.store.run(() => this.redis.hmget(k.text, ...missing.map((d) => d.documentId)));
        // A later reload already applied, or a reset replaced the org's state meanwhile: this one is stale.
        if ((this.applied.get(state) ?? 0) > ticket || this.targets.store.peek(orgId) !== state)
            return;
        this.applied.set(state, ticket);
        this.indexed.set(state, indexed);
        const ready = new Set(stored.filter((d) => d.status === 'ready').map((d) => d.documentId));
        for (const id of indexed) {
            if (ready.has(id))
                continue;
            state.index.removeDocument(id);
            indexed.delete(id);
        }
        missing.forEach((d, i) => {
            const json = texts[i];
            if (json === null || json === undefined)
                return;
            const doc = { ...d, prepared: null };
            state.index.addDocument(indexInput(doc, preparedText(JSON.parse(json)), doc.language));
            indexed.add(d.documentId);
        });
        const builtin = [...state.documents.values()].filter((d) => d.builtin);
        state.documents.clear();
        for (const d of builtin) {
            if (docs[d.documentId] === TOMBSTONE)
                state.index.removeDocument(d.documentId);
            else
                state.documents.set(d.documentId, d);
        }
        for (const d of stored)
            state.documents.set(d.documentId, { ...d, prepared: null });
        state.jobs.clear();
        for (const json of Object.values(jobs)) {
            const job = jobRecord(JSON.parse(json));
            state.jobs.set(job.jobId, job);
        }
        state.sharedVersion = Number(ver) || 0;
    }
    receive(m) {
        const t = this.targets;
        if (t === undefined)
            return;
        switch (m.type) {
            case 'rag.changed': {
                // Reloads the org now, off the request path; the next read checks the version anyway.
                const { org, ver } = m.data;
                const state = t.store.peek(org);
                if (state !== undefined && state.sharedVersion !== ver)
                    void this.sync(org).catch(() => { });
                return;
            }
            case 'rag.tenant':
                t.tenants.applyRemote(m.data);
                return;
            case 'reset':
                t.remoteReset();
                return;
        }
    }
}
function storedDocument(doc) {
    const { prepared: _prepared, ...rest } = doc;
    return rest;
}
function storedJob(job) {
    const { timer: _timer, injectedFailure, ...rest } = job;
    if (injectedFailure === undefined)
        return rest;
    const { status, code, title, detail } = injectedFailure;
    return { ...rest, injectedFailure: { status, code, title, detail } };
}
function jobRecord(stored) {
    const { injectedFailure, ...rest } = stored;
    const job = { ...rest, timer: null };
    if (injectedFailure !== undefined) {
        const f = injectedFailure;
        job.injectedFailure = new CustomApiError(f.status, f.code, f.title, f.detail);
    }
    return job;
}
function storedText(p) {
    return {
        language: p.language,
        vocabulary: p.vocabulary,
        chunks: p.chunks.map((c) => ({ index: c.index, text: c.text, termIds: Array.from(c.termIds), counts: Array.from(c.counts), length: c.length, lang: c.lang })),
    };
}
function preparedText(s) {
    return {
        language: s.language,
        vocabulary: s.vocabulary,
        chunks: s.chunks.map((c) => ({ ...c, termIds: Uint32Array.from(c.termIds), counts: Uint16Array.from(c.counts) })),
    };
}

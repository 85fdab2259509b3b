/**
 * Search indexes built after a load (issue 25): a load stores each organization's documents at once and
 * leaves their indexing here, so it answers without counting the terms of thousands of documents. The
 * builds run in the background, organization by organization, in slices that give the event loop back after
 * at most `SLICE_MS`; whatever needs an organization's index (a search, a job's completion) waits for that
 * organization's build, which moves to the front. A reset cancels a build: nothing it held is indexed after.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DetectedLanguage } from './engine/language.js';
import { prepareChunks } from './engine/prepare.js';
import type { SearchIndex } from './engine/search-index.js';
import { indexInput } from './index-input.js';
import type { RagDocumentRecord } from './store.js';

/** A slice of indexing ends before it would run longer than this. */
export const SLICE_MS = 8;

/** A ready document waiting for the index: its text as a state document holds it. */
export interface PendingDocument {
  doc: RagDocumentRecord;
  chunks: string[];
  language: DetectedLanguage;
}

/** What the builder runs on: the time and the turn given back (a test drives both). */
export interface BuildTiming {
  now(): number;
  yield(): Promise<void>;
}

const REAL: BuildTiming = { now: () => performance.now(), yield: () => nextTurn() };

class OrgBuild {
  /** By document id, in the order they are indexed (the export's, as at upload). */
  readonly pending = new Map<string, PendingDocument>();
  private waiters: (() => void)[] = [];

  constructor(readonly index: SearchIndex) {}

  wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Done or cancelled: whoever waits reads the organization as it is now. */
  settle(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

export class IndexBuilds {
  /** In build order: the first entry is built first. */
  private builds = new Map<string, OrgBuild>();
  private running = false;

  constructor(private readonly timing: BuildTiming = REAL) {}

  /** Documents to index into `index` (the organization's), after those already pending. Starts nothing. */
  add(orgId: string, index: SearchIndex, documents: Iterable<PendingDocument>): void {
    let build = this.builds.get(orgId);
    if (build?.index !== index) {
      build?.settle();
      build = new OrgBuild(index);
      this.builds.set(orgId, build);
    }
    for (const p of documents) build.pending.set(p.doc.documentId, p);
    if (build.pending.size === 0) this.builds.delete(orgId);
  }

  /** True while some of the organization's documents wait for its index. */
  has(orgId: string): boolean {
    return this.builds.has(orgId);
  }

  /** A document still waiting (an export takes its text from here). */
  pending(orgId: string, documentId: string): PendingDocument | undefined {
    return this.builds.get(orgId)?.pending.get(documentId);
  }

  /** The document left the organization: it is not indexed after all. */
  drop(orgId: string, documentId: string): void {
    const build = this.builds.get(orgId);
    if (build === undefined || !build.pending.delete(documentId) || build.pending.size > 0) return;
    this.builds.delete(orgId);
    build.settle();
  }

  /** A reset: the organization's build (every one without `orgId`) stops; nothing more is indexed. */
  cancel(orgId?: string): void {
    for (const id of orgId === undefined ? [...this.builds.keys()] : [orgId]) {
      const build = this.builds.get(id);
      this.builds.delete(id);
      build?.settle();
    }
  }

  /** Resolves once the organization's index holds its pending documents; its build goes first. */
  ready(orgId: string): Promise<void> | undefined {
    const build = this.builds.get(orgId);
    if (build === undefined) return undefined;
    this.builds.delete(orgId);
    this.builds = new Map([[orgId, build], ...this.builds]);
    const done = build.wait();
    this.start();
    return done;
  }

  /** Runs the pending builds in the background (a load calls it once it answered). */
  start(): void {
    if (this.running || this.builds.size === 0) return;
    this.running = true;
    void this.timing
      .yield()
      .then(() => this.run())
      .finally(() => {
        this.running = false;
        // Added between the run's last look and now.
        this.start();
      });
  }

  private async run(): Promise<void> {
    while (this.builds.size > 0) {
      this.slice();
      await this.timing.yield();
    }
  }

  /** Indexes documents until the next would end the slice late (its cost guessed from the costliest yet). */
  private slice(): void {
    const start = this.timing.now();
    let costliest = 0;
    for (;;) {
      const next = this.builds.entries().next();
      if (next.done) return;
      const [orgId, build] = next.value;
      const [documentId, p] = build.pending.entries().next().value!;
      const before = this.timing.now();
      if (before - start + costliest > SLICE_MS && before > start) return;
      build.pending.delete(documentId);
      try {
        const prepared = prepareChunks(
          p.chunks.map((text, index) => ({ index, text })),
          p.language,
        );
        build.index.addDocument(indexInput(p.doc, prepared, p.doc.language));
      } catch {
        // The index took it before the save; one it refuses now stays unsearchable, as at upload.
      }
      if (build.pending.size === 0) {
        this.builds.delete(orgId);
        build.settle();
      }
      costliest = Math.max(costliest, this.timing.now() - before);
    }
  }
}

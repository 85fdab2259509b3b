/**
 * The state document (issue 25, docs/state.md): its name, the versions this emulator reads, what a save and a
 * load take and give, and the limits a load checks before any work.
 */

export const STATE_FORMAT = 'svc-emulator-state';
/** The version this emulator writes: 2 spells every name in snake_case (decision ST-N1). */
export const STATE_VERSION = 2;
/** The versions it loads: 1 differs from 2 in its names only, which naming.ts translates. */
export const LOADABLE_VERSIONS = { min: 1, max: 2 } as const;

export type IncludeFlag = 'journal' | 'secrets';

export interface SnapshotScope {
  /** One organization's state (`?org=`). */
  org?: string;
  /** One sandbox's organization (`?sandbox=`). */
  sandbox?: string;
}

export interface SaveOptions extends SnapshotScope {
  /** The journal's entries too (`?include=journal`). */
  journal?: boolean;
  /** Signing secrets and key-deriving seeds too (`?include=secrets`). */
  secrets?: boolean;
}

/**
 * What `PUT /state` answers, and the scope a document names (the whole state, or one organization and its
 * sandbox), are the document's (`LoadResult`, its `scope`).
 */
export type { DocumentScope, LoadResult } from '../contract/admin-types.js';

/** The bounds of a load (decision ST-L1); tests lower them through `emulator.part('snapshots').limits`. */
export interface SnapshotLimits {
  /** The document's size once inflated (a gzip body is counted as it inflates). */
  maxBytes: number;
  /** One member of the document (a top-level field, or one organization). */
  maxMemberBytes: number;
  /** Nesting of arrays and objects, the document's own braces included. */
  maxDepth: number;
  /**
   * How many bytes of organizations pass 1 keeps parsed for pass 2 (plan.ts): decoding UTF-8 text is most of
   * a load's time, and a loaded state holds the same strings anyway; past this, organizations are parsed again
   * from the file, so a document near the size limit is not held twice.
   */
  keepParsedBytes: number;
}

export const DEFAULT_LIMITS: SnapshotLimits = {
  maxBytes: 1024 * 1024 * 1024,
  maxMemberBytes: 256 * 1024 * 1024,
  maxDepth: 64,
  keepParsedBytes: 384 * 1024 * 1024,
};

/** Keys refused anywhere in a document, before it is parsed: they would reach an object's prototype. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A JSON pointer from its segments (`~` and `/` escaped). */
export function jsonPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

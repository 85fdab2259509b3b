import type { Organization, OrgStore } from './store.js';
import { publicKeyView } from './store.js';

/**
 * A section an area adds to the admin view of an organization (the metering area: `credits`). It may read
 * the shared store (a promise), so that every instance shows what the store holds, not a local copy.
 */
export type OrgViewPart = (org: Organization) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** The admin representation of an organization, with the sections the areas declared (Emulator.orgViewParts). */
export async function orgView(
  deps: { orgs: Pick<OrgStore, 'listKeys'>; orgViewParts: readonly OrgViewPart[] },
  org: Organization,
): Promise<Record<string, unknown>> {
  const view: Record<string, unknown> = {
    id: org.id,
    name: org.name,
    rag_entitled: org.ragEntitled,
    created_at: org.createdAt,
    keys: deps.orgs.listKeys(org.id).map(publicKeyView),
  };
  for (const part of deps.orgViewParts) {
    const section = part(org);
    Object.assign(view, section instanceof Promise ? await section : section);
  }
  return view;
}

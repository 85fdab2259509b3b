import type { OrgSection } from '../area/area.js';
import type { Organization, OrgStore } from './store.js';
import { publicKeyView } from './store.js';

/**
 * The admin representation of an organization, with the sections the areas declared (Area.orgSections). A
 * section may read the shared store (a promise), so that every instance shows what the store holds.
 */
export async function orgView(
  deps: { orgs: Pick<OrgStore, 'listKeys'>; sections: readonly OrgSection[] },
  org: Organization,
): Promise<Record<string, unknown>> {
  const view: Record<string, unknown> = {
    id: org.id,
    name: org.name,
    rag_entitled: org.ragEntitled,
    created_at: org.createdAt,
    keys: deps.orgs.listKeys(org.id).map(publicKeyView),
  };
  for (const part of deps.sections) {
    const section = part.view(org);
    Object.assign(view, section instanceof Promise ? await section : section);
  }
  return view;
}

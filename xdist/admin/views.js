import { publicKeyView } from '../orgs/store.js';
/** The admin representation of an organization; areas add their sections through `orgViewExtensions`. */
export function orgView(emulator, org) {
    const view = {
        id: org.id,
        name: org.name,
        rag_entitled: org.ragEntitled,
        created_at: org.createdAt,
        keys: emulator.orgs.listKeys(org.id).map(publicKeyView),
    };
    for (const extend of orgViewExtensions)
        Object.assign(view, extend(emulator, org));
    return view;
}
export const orgViewExtensions = [];

/**
 * After a load that replaced the demo organization (a whole load, or one of org_demo), whether the demo
 * credentials the emulator hands out (GET /_emulator/demo, `emulator.demo`) still authenticate (decision
 * ST-D1): the loaded state may have no demo organization, or keys made from another seed.
 */
import { DEMO_ORG_ID, type DemoState } from './demo-state.js';
import { hashKey, type OrgStore } from '../orgs/store.js';

export async function demoAfterLoad(
  orgs: Pick<OrgStore, 'getOrg' | 'findKey'>,
  demo: DemoState,
): Promise<DemoState> {
  const { absent: _was, ...rest } = demo;
  if (!orgs.getOrg(DEMO_ORG_ID))
    return { ...rest, absent: `the loaded state has no demo organization (${DEMO_ORG_ID})` };
  for (const environment of ['live', 'test'] as const) {
    const key = await orgs.findKey(demo.keyIds[environment]);
    if (
      !key ||
      key.revokedAt ||
      key.orgId !== DEMO_ORG_ID ||
      !key.hash.equals(hashKey(demo.keys[environment]))
    )
      return {
        ...rest,
        absent: `the loaded state's ${DEMO_ORG_ID} has no usable demo ${environment} key made from this emulator's seed (${demo.keyIds[environment]}); POST /_emulator/reset makes them again`,
      };
  }
  return rest;
}

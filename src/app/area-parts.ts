/**
 * Every module that declares parts (AreaParts, src/area/area.ts) by module augmentation, loaded together
 * wherever the Emulator's type is read: the library's .d.ts files keep these imports, so a consumer's
 * `emulator.part('orgs')` knows each part's type. `test/app/area-parts.test.ts` checks that none is missing.
 */
import './areas.js';
import '../auth/auth-area.js';
import '../clock/index.js';
import '../faults/index.js';
import '../journal/index.js';
import '../latency/index.js';
import '../metering/index.js';
import '../orgs/index.js';
import '../sandboxes/index.js';
import '../scenarios/index.js';
import '../snapshots/index.js';
import '../webhooks/index.js';

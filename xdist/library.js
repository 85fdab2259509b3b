import { createEmulator } from './emulator.js';
import { createAdminClient } from './client/admin-client.js';
/** Starts an emulator on a port (default 4747; pass `port: 0` in tests) with its boot state. */
export async function startEmulator(options = {}, overrides = {}) {
    const emulator = await createEmulator(options, overrides);
    let listening;
    try {
        listening = await emulator.listen();
    }
    catch (err) {
        await emulator.close();
        throw err;
    }
    let admin;
    return {
        baseUrl: listening.baseUrl,
        adminUrl: listening.adminUrl,
        port: listening.port,
        orgId: emulator.demo.orgId,
        keys: emulator.demo.keys,
        emulator,
        // Created on first use: the client brings in fetch (undici), which the CLI never needs.
        get admin() {
            return (admin ??= createAdminClient({ adminUrl: listening.adminUrl, adminToken: emulator.config.adminToken ?? undefined }));
        },
        close: () => emulator.close(),
    };
}
/** The Express app of a booted emulator, for supertest (`request(await createApp())`). */
export async function createApp(options = {}) {
    const emulator = await createEmulator(options);
    return Object.assign(emulator.app, { emulator });
}

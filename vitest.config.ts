import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Test files share their fork instead of each loading the sources, the contract and its validators again in
    // a new one: the suite takes about 7.5 minutes instead of 9.5 on 2 cores. No test changes the environment,
    // globals or module state of another (spies are restored: restoreMocks).
    isolate: false,
    restoreMocks: true,
    // The contract self-check: every response and WebSocket frame is checked against the OpenAPI documents,
    // and the test that caused a mismatch fails (test/support/contract-setup.ts).
    setupFiles: ['test/support/error-catalog.ts', 'test/support/contract-setup.ts'],
    // With SVC_EMULATOR_REQUIRE_OP_COVERAGE=1 (npm test), every documented operation must be exercised.
    globalSetup: ['test/support/global-setup.ts'],
    env: { SVC_EMULATOR_CONTRACT_CHECK: '1' },
  },
});

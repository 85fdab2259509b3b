import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The contract self-check: every response and WebSocket frame is checked against the OpenAPI documents,
    // and the test that caused a mismatch fails (test/support/contract-setup.ts).
    setupFiles: ['test/support/contract-setup.ts'],
    // With SVC_EMULATOR_REQUIRE_OP_COVERAGE=1 (npm test), every documented operation must be exercised.
    globalSetup: ['test/support/global-setup.ts'],
    env: { SVC_EMULATOR_CONTRACT_CHECK: '1' },
  },
});

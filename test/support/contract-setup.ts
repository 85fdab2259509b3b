/**
 * Runs in every test file: the contract self-check is on (vitest sets SVC_EMULATOR_CONTRACT_CHECK=1), and
 * after each test any response or WebSocket frame that broke the OpenAPI documents fails that test.
 */
import { afterEach } from 'vitest';
import { liveCheckers } from '../../src/emulator.js';

afterEach(() => {
  const found = [...liveCheckers].flatMap((checker) => checker.violations.splice(0));
  if (found.length > 0) {
    throw new Error(`contract self-check: ${found.length} violation(s):\n${found.map((v) => `- ${v.where}: ${v.problem}`).join('\n')}`);
  }
});

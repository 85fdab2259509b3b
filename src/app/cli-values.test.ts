/** The state options' values: `--persist-interval` seconds, and the variables beside the flags. */
import { describe, expect, it } from 'vitest';
import { CliError, parseCli } from './cli-options.js';

describe('--state, --persist, --persist-interval', () => {
  it('parse from flags and variables', () => {
    expect(parseCli(['--state', 's.json', '--persist', 'dir', '--persist-interval', '0.5'], {})).toEqual({
      options: { state: 's.json', persist: 'dir', persistInterval: 0.5 },
    });
    expect(parseCli([], { SVC_EMULATOR_PERSIST: 'd', SVC_EMULATOR_PERSIST_INTERVAL: '0' })).toEqual({
      options: { persist: 'd', persistInterval: 0 },
    });
  });

  it.each(['-1', 'x', '', '86401'])('refuses --persist-interval %j naming the rule', (value) => {
    expect(() => parseCli(['--persist-interval', value], {})).toThrow(CliError);
    expect(() => parseCli(['--persist-interval', value], {})).toThrow(
      /--persist-interval must be a number of seconds from 0 to 86400/,
    );
  });
});

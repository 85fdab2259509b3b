/**
 * The README's "Recipe: a Node test" (Testing failure handling), run as written with a small retrying client
 * standing in for the client under test, so the recipe cannot rot.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/index.js';

/** The client under test: retries 429 and 5xx after Retry-After (0.5 s without one), at most 3 tries. */
function createClient({
  baseUrl,
  apiKey,
  headers,
}: {
  baseUrl: string;
  apiKey: string;
  headers: Record<string, string>;
}) {
  return {
    async speak(body: { text: string; voice: string }): Promise<ArrayBuffer> {
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${baseUrl}/tts`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        if (res.ok) return res.arrayBuffer();
        await res.body?.cancel();
        if (attempt === 3 || (res.status < 500 && res.status !== 429))
          throw new Error(`tts failed with ${res.status}`);
        const waitMs = Number(res.headers.get('retry-after') ?? 0.5) * 1000;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    },
  };
}

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, seed: 'retry-tests', logLevel: 'silent' });
});
afterAll(() => emu.close());

test('retries a 502 after Retry-After, then succeeds', async () => {
  const scope = 'retry-502'; // sent as X-Emulator-Scope: this test's faults and journal entries only
  const rule = await emu.admin.faults.add({
    kind: 'error',
    status: 502,
    code: 'upstream_error',
    retry_after: 1,
    times: 1,
    match: { operation: 'tts.speak', scope },
  });
  const client = createClient({
    baseUrl: emu.baseUrl,
    apiKey: emu.keys.test,
    headers: { 'X-Emulator-Scope': scope },
  });

  const speaking = client.speak({ text: 'مرحبا', voice: 'ar-SA-noura' });
  const failed = await emu.admin.requests.waitFor({ scope, status: 502 });
  assert.equal(failed.fault?.rule_id, rule.id);
  const retried = await emu.admin.requests.waitFor({ scope, status: 200, after: failed.request_id });
  assert.ok((await speaking).byteLength > 0);
  assert.ok(retried.wall_ms - failed.wall_ms >= 1000, 'waited Retry-After before retrying');
});

/**
 * The dashboard's State panel in headless Chromium: "Download state" saves the document the admin API gives,
 * "Load state" loads a file (JSON or gzip) and shows what was loaded, or the problem that refused it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import { hasChromium, launchChromium, openDashboard } from './browser.js';

describe.skipIf(!hasChromium)('the State panel in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let emu: RunningEmulator;
  let dir: string;

  beforeAll(async () => {
    browser = await launchChromium();
    dir = mkdtempSync(join(tmpdir(), 'ui-state-'));
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await page?.close();
    await context?.close();
    context = undefined;
    await emu?.close();
  });

  it('downloads the state, and loads it back showing what was loaded', async () => {
    emu = await startEmulator({ port: 0, seed: 'ui-state', logLevel: 'silent', demoCorpus: false });
    const org = await emu.admin.orgs.create({ name: 'Dashboard org' });
    ({ context, page } = await openDashboard(browser, emu));

    await page.getByLabel('with signing secrets').check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download state' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^svc-emulator-state-.*\.json$/);
    const saved = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(saved).toMatchObject({
      format: 'svc-emulator-state',
      scope: { kind: 'emulator' },
      includes: ['secrets'],
    });
    expect(Object.keys(saved.orgs)).toContain(org.id);

    await emu.admin.reset();
    const file = join(dir, 'state.json.gz');
    writeFileSync(file, gzipSync(JSON.stringify(saved)));
    await page.getByLabel('Load state').setInputFiles(file);
    const result = page.locator('#state-result');
    await result.locator('text=Loaded state.json.gz: the whole emulator').waitFor();
    expect(await result.textContent()).toContain(org.id);
    expect(await result.textContent()).toContain('Includes: secrets');
    expect((await emu.admin.orgs.get(org.id)).name).toBe('Dashboard org');
  });

  it('shows the problem of a refused file, and nothing changes', async () => {
    emu = await startEmulator({ port: 0, seed: 'ui-state', logLevel: 'silent', demoCorpus: false });
    const before = (await emu.admin.orgs.list()).organizations.map((o) => o.id);
    ({ context, page } = await openDashboard(browser, emu));
    const file = join(dir, 'newer.json');
    writeFileSync(
      file,
      JSON.stringify({ format: 'svc-emulator-state', version: 99, scope: { kind: 'emulator' }, orgs: {} }),
    );
    await page.getByLabel('Load state').setInputFiles(file);
    const result = page.locator('#state-result.refused');
    await result.waitFor();
    const text = (await result.textContent()) ?? '';
    expect(text).toContain('Refused: newer.json was not loaded, nothing changed');
    expect(text).toContain('422 unsupported_state_version');
    expect((await emu.admin.orgs.list()).organizations.map((o) => o.id)).toEqual(before);
  });
});

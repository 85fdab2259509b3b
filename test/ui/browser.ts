/**
 * Headless Chromium for the dashboard tests: Debian's `chromium` driven through playwright-core (never a
 * downloaded browser). Tests skip when the machine has no /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningEmulator } from '../../src/app/library.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const hasChromium = existsSync(CHROMIUM);

/** `extraArgs`: flags for one test's browser (a pinned server key for TLS). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...ARGS, ...extraArgs] });
}

/**
 * Opens the dashboard in a fresh context (its own clipboard and downloads) and waits until the journal
 * is live; fails on any uncaught error in the page.
 */
export async function openDashboard(
  browser: Browser,
  emu: RunningEmulator,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${emu.adminUrl}/ui`);
  await page.locator('#journal-state', { hasText: 'live' }).waitFor();
  expect(errors).toEqual([]);
  return { context, page };
}

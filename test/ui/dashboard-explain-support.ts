/**
 * What the dashboard-explain tests share (dashboard-explain.test.ts, dashboard-journal-detail.test.ts): the
 * emulator and page of the running test, the calls they make, and the journal rows and drawer sections they
 * read.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import { hasChromium, launchChromium, openDashboard } from './browser.js';

/** Runs a command line in bash with SVC_API_KEY set; resolves with its stdout. */
export function bash(command: string, key: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', command], { env: { PATH: process.env.PATH, SVC_API_KEY: key } }, (err, stdout) =>
      err ? reject(new Error(`${err.message}`)) : resolve(stdout),
    );
  });
}

/** The journal detail API (GET /requests/{id}, request/response/timings/links) is documented. */
export const hasJournalDetail = /^ {2}\/requests\/\{[A-Za-z_]+\}:/m.test(
  readFileSync('openapi/admin.yaml', 'utf8'),
);

export let emu: RunningEmulator | undefined;
let browser: Browser;
let context: BrowserContext | undefined;
export let page: Page;

export async function open(): Promise<RunningEmulator> {
  emu = await startEmulator({ port: 0, seed: 'ui-explain', logLevel: 'silent' });
  ({ context, page } = await openDashboard(browser, emu));
  return emu;
}

function call(
  path: string,
  init: { key?: string | null; body?: unknown; scope?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.key !== null) headers.Authorization = `Bearer ${init.key ?? emu!.keys.live}`;
  if (init.scope) headers['X-Emulator-Scope'] = init.scope;
  return fetch(`${emu!.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(init.body ?? {}) });
}
export const mint = (init: { key?: string | null; scope?: string } = {}) =>
  call('/auth/ws-token', { ...init, body: { scopes: ['tts:speak'] } });
export const speak = () => call('/tts', { body: { text: 'مرحبا بكم', voice: 'ar-SA-noura' } });

export async function admin(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${emu!.adminUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.status === 204 ? null : res.json();
}

export const rows = () => page.locator('#journal-body tr:not(.empty)');
export const row = (text: string | RegExp) => rows().filter({ hasText: text });
export const drawerSection = (name: string) => page.getByRole('dialog').getByRole('region', { name });

/**
 * The hooks of a dashboard test file: one Chromium for the file; after each test its page is closed, then its
 * emulator.
 */
export function usePages(): void {
  beforeAll(async () => {
    if (hasChromium) browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    // Close the page first: its long-poll must not outlive the emulator it talks to.
    await context?.close();
    context = undefined;
    await emu?.close();
    emu = undefined;
  });
}

/**
 * The dashboard at /_emulator/ui, driven in real headless Chromium (Debian's `chromium`, through
 * playwright-core) the way a QA engineer uses it. Waits are playwright's auto-waiting locators, never sleeps.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayKey } from '../../src/core/api-keys.js';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { hasChromium, launchChromium, openDashboard } from './browser.js';

const running: RunningEmulator[] = [];
async function emulator(options: { adminToken?: string } = {}): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, seed: 'ui-tests', logLevel: 'silent', ...options });
  running.push(emu);
  return emu;
}
afterEach(async () => {
  for (const emu of running.splice(0)) await emu.close();
});

function mintWsToken(emu: RunningEmulator, key = emu.keys.live): Promise<Response> {
  return fetch(`${emu.baseUrl}/auth/ws-token`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ scopes: ['tts:speak'] }),
  });
}

describe('serving /_emulator/ui', () => {
  it('serves the page and its modules with their content types and no-store, open even with an admin token', async () => {
    const emu = await emulator({ adminToken: 's3cret' });
    const page = await fetch(`${emu.adminUrl}/ui`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<script type="module" src="/_emulator/ui/app.js">');
    for (const [name, type] of [
      ['app.js', 'text/javascript; charset=utf-8'],
      ['style.css', 'text/css; charset=utf-8'],
    ]) {
      const res = await fetch(`${emu.adminUrl}/ui/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await fetch(`${emu.adminUrl}/orgs`)).status).toBe(401);
  });

  it('serves only the files of the ui folder: no path traversal, unknown names are 404', async () => {
    const emu = await emulator();
    const missing = await fetch(`${emu.adminUrl}/ui/missing.js`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { detail: string }).detail).toContain('app.js');
    for (const attempt of [
      '..%2Fpackage.json',
      '..%2F..%2Fpackage.json',
      '%2Fetc%2Fpasswd',
      'app.ts',
      '.env',
    ]) {
      const res = await fetch(`${emu.adminUrl}/ui/${attempt}`);
      expect(res.status, attempt).toBe(422);
    }
  });
});

describe.skipIf(!hasChromium)('the dashboard in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    // Close the page first: its long-poll must not outlive the emulator it talks to.
    await page?.close();
    await context?.close();
    context = undefined;
  });

  async function open(emu: RunningEmulator): Promise<Page> {
    ({ context, page } = await openDashboard(browser, emu));
    return page;
  }

  const journalRow = (text: string) => page.locator('#journal-body tr').filter({ hasText: text });

  it('lists the demo organization and its keys in display form, and Arabic names read right to left', async () => {
    const emu = await emulator();
    await open(emu);
    await page.locator('#orgs-body tr', { hasText: 'org_demo' }).waitFor();
    expect(await page.locator('#orgs-body').textContent()).toContain('Demo Organization');
    const keys = page.locator('#keys-body');
    await keys.locator('tr', { hasText: 'demo live key' }).waitFor();
    expect(await keys.textContent()).toContain(displayKey(emu.keys.live));
    expect(await keys.textContent()).toContain(displayKey(emu.keys.test));
    expect(await page.content()).not.toContain(emu.keys.live);

    await page.getByLabel('Name', { exact: true }).first().fill('مؤسسة الاختبار');
    await page.getByRole('button', { name: 'Create organization' }).click();
    const cell = page.locator('#orgs-body td', { hasText: 'مؤسسة الاختبار' });
    await cell.waitFor();
    expect(await cell.getAttribute('dir')).toBe('auto');
    await page.locator('#keys-org', { hasText: 'مؤسسة الاختبار' }).waitFor();
  });

  it('creating a key shows the full key once; revoke and leak take effect', async () => {
    const emu = await emulator();
    await open(emu);
    await page.locator('#keys-body tr', { hasText: 'demo test key' }).waitFor();
    await page.getByLabel('Environment', { exact: true }).selectOption('test');
    await page.locator('#key-name').fill('ci key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const value = page.locator('#new-key-value');
    await value.waitFor();
    const secret = (await value.textContent()) ?? '';
    expect(secret).toMatch(/^svc_test_[A-Za-z0-9]{38}$/);
    await page
      .locator('#keys-body tr', { hasText: 'ci key' })
      .filter({ hasText: displayKey(secret) })
      .waitFor();
    expect((await mintWsToken(emu, secret)).status).toBe(201);

    await page.getByRole('button', { name: 'Done' }).click();
    await value.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('button', { name: 'Revoke ci key' }).click();
    await page.locator('#keys-body tr.revoked', { hasText: 'ci key' }).waitFor();
    expect((await mintWsToken(emu, secret)).status).toBe(401);

    await page.getByRole('button', { name: 'Leak demo live key' }).click();
    await page.locator('#keys-body tr.revoked', { hasText: 'compromised' }).waitFor();
    expect((await mintWsToken(emu)).status).toBe(401);
  });

  it('the journal updates live when a /v1 request is made', async () => {
    const emu = await emulator();
    await open(emu);
    expect((await mintWsToken(emu)).status).toBe(201);
    const row = journalRow('auth.createWsToken');
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('/v1/auth/ws-token');
    expect(text).toContain('201');
    expect(text).toContain(displayKey(emu.keys.live));

    // A second request arrives through the same long-poll loop, newest first.
    expect((await fetch(`${emu.baseUrl}/auth/ws-token`, { method: 'POST' })).status).toBe(401);
    await journalRow('401').waitFor();
    expect(await page.locator('#journal-body tr').first().textContent()).toContain('401');
  });

  it('offers the issue 26 kinds: an extra_fields rule from the form adds its fields to the next answer', async () => {
    const emu = await emulator();
    await open(emu);
    const kind = page.getByLabel('Kind');
    for (const k of [
      'html_error',
      'truncate_json',
      'empty_body',
      'wrong_content_type',
      'omit_optional',
      'ws_stall',
    ])
      expect(await kind.locator(`option[value="${k}"]`).count()).toBe(1);
    await kind.selectOption('truncate_json');
    await page.getByLabel('Content-Length').waitFor();
    await kind.selectOption('extra_fields');
    const fields = page.getByLabel('Extra fields (JSON object)');
    await fields.fill('{"from_the_form": true}');
    expect(await page.getByLabel('Content-Length').isHidden()).toBe(true);
    await page.getByLabel('Times').fill('1');
    await page.getByRole('button', { name: 'Add fault' }).click();
    await page.locator('#faults-body tr', { hasText: 'from_the_form' }).waitFor();
    const res = await mintWsToken(emu);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { from_the_form?: boolean }).from_the_form).toBe(true);
  });

  it('a fault added in the page makes the next API call fail, and the journal marks it', async () => {
    const emu = await emulator();
    await open(emu);
    const kind = page.getByLabel('Kind');
    // The parameter fields follow the kind.
    await kind.selectOption('latency');
    await page.getByLabel('Latency (ms)').waitFor();
    expect(await page.locator('#fault-status').isHidden()).toBe(true);
    await kind.selectOption('ws_close');
    await page.getByLabel('Close code').waitFor();
    expect(await page.getByLabel('After frames').isVisible()).toBe(true);
    expect(await page.getByLabel('Latency (ms)').isHidden()).toBe(true);

    await kind.selectOption('error');
    // An error rule answers 502 unless told otherwise.
    expect(await page.locator('#fault-status').inputValue()).toBe('502');
    await page.locator('#fault-match-operation').fill('auth.createWsToken');
    await page.getByLabel('Times').fill('2');
    await page.getByRole('button', { name: 'Add fault' }).click();
    const rule = page.locator('#faults-body tr', { hasText: 'answer 502 upstream_error' });
    await rule.waitFor();
    expect(await rule.textContent()).toContain('auth.createWsToken');

    const res = await mintWsToken(emu);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { code: string }).code).toBe('upstream_error');
    const row = journalRow('auth.createWsToken').filter({ hasText: '502' });
    await row.locator('.fault-marker', { hasText: 'fault: error' }).waitFor();
    expect(await row.getAttribute('class')).toContain('faulted');
    // The journal moving refreshes the rule list: one of two uses left, one hit (columns Left and Hits).
    await rule.locator('td:nth-child(6)', { hasText: /^1$/ }).waitFor();
    await rule.locator('td:nth-child(7)', { hasText: /^1$/ }).waitFor();

    await page
      .getByRole('button', { name: `Remove fault ${(await rule.getAttribute('data-fault-id')) ?? ''}` })
      .click();
    await page.locator('#faults-body tr.empty').waitFor();
    expect(emu.emulator.part('faults').list()).toEqual([]);
    expect((await mintWsToken(emu)).status).toBe(201);
  });

  it('clock freeze and advance show in the page', async () => {
    const emu = await emulator();
    await open(emu);
    await page.locator('#clock-mode', { hasText: 'real' }).waitFor();
    await page.getByRole('button', { name: 'Freeze' }).click();
    await page.locator('#clock-mode', { hasText: 'frozen' }).waitFor();
    const frozenAt = emu.emulator.part('clock').now();
    expect(emu.emulator.part('clock').state().mode).toBe('frozen');

    await page.getByLabel('Advance by (s)').fill('3600');
    await page.getByRole('button', { name: 'Advance' }).click();
    const expected = new Date(frozenAt + 3_600_000).toISOString();
    await page.locator(`#clock-now[datetime="${expected}"]`).waitFor();
    expect(emu.emulator.part('clock').now()).toBe(frozenAt + 3_600_000);

    // With a frozen clock every request has the same time: the journal still shows each one live.
    expect((await mintWsToken(emu)).status).toBe(201);
    expect((await mintWsToken(emu)).status).toBe(201);
    await expect.poll(() => journalRow('auth.createWsToken').count()).toBe(2);

    await page.getByRole('button', { name: 'Resume real time' }).click();
    await page.locator('#clock-mode', { hasText: 'real' }).waitFor();

    // The set form takes every field of POST /clock: a time alone keeps the mode; a mode and a scale.
    await page.getByLabel('Clock time (UTC)', { exact: true }).fill('2040-02-03T04:05:06');
    await page.getByRole('button', { name: 'Set clock' }).click();
    await expect
      .poll(() => emu.emulator.part('clock').now())
      .toBeGreaterThanOrEqual(Date.parse('2040-02-03T04:05:06Z'));
    expect(emu.emulator.part('clock').state().mode).toBe('real');
    await page.getByLabel('Clock mode', { exact: true }).selectOption('scaled');
    await page.getByLabel('Clock scale', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Set clock' }).click();
    await page.locator('#clock-mode', { hasText: 'scaled ×0.5' }).waitFor();
    expect(emu.emulator.part('clock').state()).toMatchObject({ mode: 'scaled', timeScale: 2 });
  });

  it('applies a scenario from its list', async () => {
    const emu = await emulator();
    await open(emu);
    const item = page.locator('#scenario-list li', { hasText: 'upstream-outage' });
    await item.waitFor();
    expect(await item.textContent()).toContain('upstream outage');
    await page.getByRole('button', { name: 'Apply scenario upstream-outage' }).click();
    await page.locator('#faults-body tr', { hasText: 'answer 504 upstream_timeout' }).waitFor();
    expect(await page.locator('#faults-body tr').count()).toBe(4);
    await page.locator('#status', { hasText: 'Applied scenario upstream-outage' }).waitFor();
  });

  it('shows webhook deliveries with their attempts and redelivers one', async () => {
    const emu = await emulator();
    const receiver: Receiver = await startReceiver();
    try {
      receiver.respond = () => 500;
      const registered = receiver.next();
      const res = await fetch(`${emu.adminUrl}/orgs/${emu.orgId}/webhook-endpoints`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['ping'] }),
      });
      expect(res.status).toBe(201);
      await registered;
      await open(emu);
      const row = page.locator('#deliveries-body tr', { hasText: 'ping' });
      await row.locator('.attempts li', { hasText: '#1 500' }).waitFor();

      receiver.respond = () => 204;
      const redelivered = receiver.next();
      await row.getByRole('button', { name: /^Redeliver ping/ }).click();
      await redelivered;
      await page.getByRole('button', { name: 'Refresh' }).click();
      await row.locator('.badge', { hasText: 'delivered' }).waitFor();
      await row.locator('.attempts li', { hasText: '204' }).waitFor();
    } finally {
      await receiver.close();
    }
  });

  it('with an admin token, asks for it, refuses a wrong one and works after the right one', async () => {
    const emu = await emulator({ adminToken: 's3cret' });
    page = await browser.newPage();
    await page.goto(`${emu.adminUrl}/ui`);
    const input = page.getByLabel('Admin token');
    await input.waitFor();
    await input.fill('wrong');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.locator('#token-reason', { hasText: 'refused' }).waitFor();

    await input.fill('s3cret');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.locator('#orgs-body tr', { hasText: 'org_demo' }).waitFor();
    await page.locator('#journal-state', { hasText: 'live' }).waitFor();
    expect(await page.locator('#token-form').isHidden()).toBe(true);
    expect(await page.evaluate('sessionStorage.getItem("svc-emulator.admin-token")')).toBe('s3cret');
    expect((await mintWsToken(emu)).status).toBe(201);
    await journalRow('auth.createWsToken').waitFor();
  });

  it('renders the whole dashboard (screenshot for a look at the layout)', async () => {
    const emu = await emulator();
    await open(emu);
    await page.getByRole('button', { name: 'Apply scenario rate-limit-storm' }).click();
    await page.locator('#status', { hasText: 'Applied scenario' }).waitFor();
    for (let i = 0; i < 3; i += 1) await mintWsToken(emu, emu.keys.test);
    await fetch(`${emu.adminUrl}/webhooks/trigger`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ org_id: emu.orgId, event: 'ping' }),
    });
    await journalRow('auth.createWsToken').first().waitFor();
    await page.screenshot({ path: '/tmp/dashboard.png', fullPage: true });
  });
});

/**
 * The dashboard's sandbox picker in headless Chromium (playwright-core): list, create, pick, reset and delete
 * sandboxes, drive the picked one's clock, and the journal and deliveries following the pick.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { hasChromium, launchChromium, openDashboard } from './browser.js';

const START = '2034-04-04T04:00:00.000Z';
const HOUR = 3_600_000;

describe.skipIf(!hasChromium)('the sandboxes panel in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let emu: RunningEmulator;
  let receiver: Receiver;

  beforeAll(async () => {
    browser = await launchChromium();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
  });
  afterEach(async () => {
    // Close the page first: its long-poll must not outlive the emulator it talks to.
    await page?.close();
    await context?.close();
    context = undefined;
    await emu?.close();
  });

  async function open(): Promise<Page> {
    ({ context, page } = await openDashboard(browser, emu));
    return page;
  }
  const row = (id: string) => page.locator(`#sandboxes-body tr[data-sandbox-id="${id}"]`);
  const documents = (key: string) =>
    fetch(`${emu.baseUrl}/rag/documents`, { headers: { Authorization: `Bearer ${key}` } });

  it('picks a sandbox: the journal and deliveries show only its organization, its clock is driven here', async () => {
    emu = await startEmulator({ port: 0, seed: 'ui-sandboxes', logLevel: 'silent' });
    const a = await emu.sandbox({
      name: 'alpha',
      clock: { mode: 'frozen', now: START },
      webhook: { url: receiver.url, events: ['ping'] },
    });
    const b = await emu.sandbox({ name: 'beta', webhook: { url: receiver.url, events: ['ping'] } });
    const globalNow = (await emu.admin.clock.freeze()).now;
    const mine = (await documents(a.keys.live)).headers.get('x-request-id')!;
    const theirs = (await documents(b.keys.live)).headers.get('x-request-id')!;
    await emu.admin.webhooks.trigger({ event: 'ping', org_id: a.orgId });
    await emu.admin.webhooks.trigger({ event: 'ping', org_id: b.orgId });
    await a.waitForDelivery({ status: 'delivered' });
    await b.waitForDelivery({ status: 'delivered' });

    await open();
    await row(a.id).waitFor();
    expect(await row(b.id).textContent()).toContain('beta');
    await page.locator(`#journal-body tr[data-request-id="${theirs}"]`).waitFor();
    await page.locator('#deliveries-body tr', { hasText: b.orgId }).waitFor();

    await page.getByRole('button', { name: `Pick sandbox ${a.id}` }).click();
    await page.locator('#sandbox-picked', { hasText: a.id }).waitFor();
    await page.locator(`#journal-body tr[data-request-id="${mine}"]`).waitFor();
    expect(await page.locator(`#journal-body tr[data-request-id="${theirs}"]`).count()).toBe(0);
    expect(await page.locator('#journal-query').textContent()).toContain(`sandbox=${a.id}`);
    await page.locator('#deliveries-body tr', { hasText: a.orgId }).waitFor();
    expect(await page.locator('#deliveries-body tr', { hasText: b.orgId }).count()).toBe(0);
    await page.locator('#keys-org', { hasText: 'alpha' }).waitFor();

    // Its clock: shown, advanced by 2 hours, set; the emulator's clock does not move.
    await page.locator(`#sandbox-clock-now[datetime="${START}"]`).waitFor();
    await page.getByLabel('Advance by', { exact: true }).fill('2');
    await page.getByLabel('Unit').selectOption('3600');
    await page.locator('#sandbox-advance-form').getByRole('button', { name: 'Advance' }).click();
    const advanced = new Date(Date.parse(START) + 2 * HOUR).toISOString();
    await page.locator(`#sandbox-clock-now[datetime="${advanced}"]`).waitFor();
    expect((await a.clock.get()).now).toBe(advanced);
    expect((await emu.admin.clock.get()).now).toBe(globalNow);

    await page.getByLabel('Set to (UTC)').fill('2034-05-01T00:00:00');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.locator('#sandbox-clock-now[datetime="2034-05-01T00:00:00.000Z"]').waitFor();
    expect((await a.clock.get()).now).toBe('2034-05-01T00:00:00.000Z');

    // Backwards is refused with the emulator's problem.
    await page.getByLabel('Set to (UTC)').fill('2034-01-01T00:00:00');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.locator('#status.error', { hasText: 'invalid_clock_change' }).waitFor();

    // Reset puts its clock back at its start.
    await page.getByRole('button', { name: `Reset sandbox ${a.id}` }).click();
    await page.locator(`#sandbox-clock-now[datetime="${START}"]`).waitFor();
    expect((await a.clock.get()).now).toBe(START);

    // "Show all" lifts the filter.
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.locator('#sandbox-picked', { hasText: 'all organizations' }).waitFor();
    await page.locator(`#journal-body tr[data-request-id="${theirs}"]`).waitFor();
    await page.locator('#sandbox-clock-panel').waitFor({ state: 'hidden' });
  });

  it('keeps a time being typed when a clock refresh lands meanwhile (it used to put the old time back)', async () => {
    emu = await startEmulator({ port: 0, seed: 'ui-sandboxes-typing', logLevel: 'silent' });
    const a = await emu.sandbox({ name: 'typing', clock: { mode: 'frozen', now: START } });
    await open();
    await page.getByRole('button', { name: `Pick sandbox ${a.id}` }).click();
    await page.locator(`#sandbox-clock-now[datetime="${START}"]`).waitFor();

    // Hold the page's next read of the clock (the refresh every clock call ends with) until the user has typed.
    let seen!: () => void;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (seen = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith(`/sandboxes/${a.id}/clock`),
      async (route) => {
        if (route.request().method() === 'GET') {
          seen();
          await released;
        }
        await route.continue();
      },
    );
    await page.getByLabel('Advance by', { exact: true }).fill('1');
    await page.getByLabel('Unit').selectOption('3600');
    await page.locator('#sandbox-advance-form').getByRole('button', { name: 'Advance' }).click();
    await held;
    await page.getByLabel('Set to (UTC)').fill('2034-06-01T00:00:00');
    // The held read answers with a clock moved on elsewhere, so its arrival can be seen on the page.
    await a.clock.advance(7_200);
    release();
    await page
      .locator(`#sandbox-clock-now[datetime="${new Date(Date.parse(START) + 3 * HOUR).toISOString()}"]`)
      .waitFor();
    expect(await page.getByLabel('Set to (UTC)').inputValue()).toBe('2034-06-01T00:00'); // Chromium drops zero seconds;

    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.locator('#sandbox-clock-now[datetime="2034-06-01T00:00:00.000Z"]').waitFor();
    expect((await a.clock.get()).now).toBe('2034-06-01T00:00:00.000Z');
  });

  it('creates a sandbox with the options chosen, picks it, and deletes one', async () => {
    emu = await startEmulator({ port: 0, seed: 'ui-sandboxes-create', logLevel: 'silent' });
    const doomed = await emu.sandbox({ name: 'doomed' });
    await open();
    await row(doomed.id).waitFor();

    await page.getByLabel('Sandbox name').fill('from the page');
    await page.locator('#sandbox-credits').fill('77');
    await page.locator('#sandbox-rag-state').selectOption('provisioning');
    await page.locator('#sandbox-new-clock-mode').selectOption('frozen');
    // The fields behind "More options": a quota, two of the three scopes, a webhook for one event.
    await page.getByText('More options').click();
    await page.getByLabel('RAG searches').fill('3');
    await page.locator('#sandbox-form input[name="scopes"][value="tts:speak"]').uncheck();
    await page.getByLabel('Webhook URL').fill(receiver.url);
    for (const event of ['job.completed', 'quota.threshold', 'invoice.finalized', 'key.compromised'])
      await page.locator(`#sandbox-form input[name="webhook.events"][value="${event}"]`).uncheck();
    await page.getByRole('button', { name: 'Create sandbox' }).click();
    const made = page.locator('#sandboxes-body tr', { hasText: 'from the page' });
    await made.waitFor();
    const id = (await made.getAttribute('data-sandbox-id'))!;
    await page.locator('#sandbox-picked', { hasText: id }).waitFor();
    await page.locator('#status', { hasText: 'shown this once' }).waitFor();

    const view = await emu.admin.sandboxes.get(id);
    expect(view.name).toBe('from the page');
    expect(view.options).toMatchObject({
      credits: 77,
      rag_entitled: true,
      rag: { state: 'provisioning' },
      test_quotas: { rag_search: 3 },
      scopes: ['stt:transcribe', 'rag:query'],
      webhook: { url: receiver.url, events: ['ping'] },
    });
    expect(view.clock?.mode).toBe('frozen');
    await page.locator(`#sandbox-clock-now[datetime="${view.clock?.now}"]`).waitFor();
    expect((await emu.admin.usage(view.org_id)).balance.balance).toBe(77);

    // A sandbox that follows the emulator's clock says so, and an advance here gives it its own (issue 37).
    await page.getByRole('button', { name: `Pick sandbox ${doomed.id}` }).click();
    await page.locator('#sandbox-clock-none').waitFor();
    const globalNow = (await emu.admin.clock.freeze()).now;
    await page.getByLabel('Advance by', { exact: true }).fill('1');
    await page.getByLabel('Unit').selectOption('86400');
    await page.locator('#sandbox-advance-form').getByRole('button', { name: 'Advance' }).click();
    const dayLater = new Date(Date.parse(globalNow) + 24 * HOUR).toISOString();
    await page.locator(`#sandbox-clock-now[datetime="${dayLater}"]`).waitFor();
    await page.locator('#sandbox-clock-none').waitFor({ state: 'hidden' });
    expect((await emu.admin.sandboxes.clock.get(doomed.id)).now).toBe(dayLater);
    expect((await emu.admin.clock.get()).now).toBe(globalNow);
    // Its mode alone, as /_emulator/clock takes it.
    await page.getByLabel('Sandbox clock mode').selectOption('real');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.locator('#sandbox-clock-mode', { hasText: 'real' }).waitFor();

    // The fault form's match offers the sandbox.
    await page.getByLabel('Kind').selectOption('error');
    await page.getByLabel('Sandbox', { exact: true }).fill(id);
    await page.getByRole('button', { name: 'Add fault' }).click();
    await page.locator('#faults-body tr', { hasText: 'error' }).waitFor();
    const [rule] = (await emu.admin.faults.list()).faults;
    expect(rule?.match).toMatchObject({ sandbox: id });

    await page.getByRole('button', { name: `Delete sandbox ${doomed.id}` }).click();
    await row(doomed.id).waitFor({ state: 'detached' });
    await page.locator('#sandbox-picked', { hasText: 'all organizations' }).waitFor();
    await expect(emu.admin.sandboxes.get(doomed.id)).rejects.toMatchObject({ status: 404 });
    expect((await emu.admin.sandboxes.list()).sandboxes.map((s) => s.id)).toEqual([id]);
  });
});

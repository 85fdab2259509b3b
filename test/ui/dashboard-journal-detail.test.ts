/**
 * The dashboard's journal drawer with the full journal detail (GET /_emulator/requests/{id}): request and
 * response headers, timings, audio, and the webhook events a request caused. Real clicks in headless Chromium.
 */
import { describe, expect, it } from 'vitest';
import { displayKey } from '../../src/core/api-keys.js';
import { hasChromium } from './browser.js';
import {
  admin,
  drawerSection,
  emu,
  hasJournalDetail,
  mint,
  open,
  page,
  row,
  speak,
  usePages,
} from './dashboard-explain-support.js';

usePages();

// TODO(i13-log): these checks need the journal detail API of the i13-log branch (GET /_emulator/requests/{id};
// entries with request, response, timings, ledger_entry_ids, webhook_event_ids). They run by themselves once
// openapi/admin.yaml documents /requests/{id}.
describe.skipIf(!hasChromium || !hasJournalDetail)(
  'the drawer with full journal detail (needs i13-log)',
  () => {
    it('shows request headers with the key in display form, the JSON body, response headers and timings', async () => {
      await open();
      expect((await speak()).status).toBe(200);
      await row('tts.speak').click();
      const request = drawerSection('Request');
      await request.getByRole('table', { name: 'Request headers' }).waitFor();
      expect(await request.textContent()).toContain(displayKey(emu!.keys.live));
      expect(await request.locator('pre.json').textContent()).toContain('مرحبا بكم');
      const response = drawerSection('Response');
      await response.getByRole('table', { name: 'Response headers' }).waitFor();
      expect(await response.textContent()).toContain('Timings');
      expect(await page.content()).not.toContain(emu!.keys.live);

      const curl = (await page.locator('#drawer-curl').textContent()) ?? '';
      expect(curl).toContain("-H 'content-type: application/json'");
      expect(curl).toContain('--data-raw \'{"text":"مرحبا بكم","voice":"ar-SA-noura"}\'');
      expect(curl).not.toContain(emu!.keys.live);
      await page.screenshot({ path: '/tmp/dashboard-drawer-detail.png' });
    });

    it('shows the audio summary of an audio response with a play button', async () => {
      await open();
      expect((await speak()).status).toBe(200);
      await row('tts.speak').click();
      const response = drawerSection('Response');
      await response.getByRole('button', { name: 'Play response audio' }).waitFor();
      expect(await response.textContent()).toMatch(/Typeaudio\//);
    });

    // Issue 37: an empty_body answer made the journal read fail (500); it shows now, as the body it was.
    it('shows an answer that was not JSON as such: an empty body, and an HTML page as its text', async () => {
      await open();
      await admin('POST', '/faults', {
        match: { operation: 'auth.createWsToken' },
        kind: 'empty_body',
        times: 1,
      });
      expect((await mint()).status).toBe(201);
      await row('auth.createWsToken').first().click();
      await drawerSection('Response')
        .getByText('An empty response body, though its Content-Type said JSON.')
        .waitFor();
      await page.keyboard.press('Escape');
      await admin('POST', '/faults', {
        match: { operation: 'auth.createWsToken' },
        kind: 'html_error',
        times: 1,
      });
      expect((await mint()).status).toBeGreaterThanOrEqual(500);
      await row(/auth\.createWsToken.*50\d|50\d.*auth\.createWsToken/)
        .first()
        .click();
      const response = drawerSection('Response');
      await response.getByText('This response body is not JSON; as sent:').waitFor();
      expect(await response.locator('pre.json').textContent()).toMatch(/<html/i);
    });

    it('links the webhook events a request caused (none for a plain ws-token)', async () => {
      await open();
      expect((await mint()).status).toBe(201);
      await row('auth.createWsToken').click();
      await drawerSection('Webhook events').getByText('This request caused no webhook event.').waitFor();
    });
  },
);

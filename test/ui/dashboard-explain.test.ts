/**
 * The dashboard explains a failure (issue 13): the journal detail drawer, journal filters, the client report,
 * delivery details, the scenario badge and "clear faults", and the full fault form. Real clicks in headless
 * Chromium; screenshots go to /tmp for a look at the layout.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { displayKey } from '../../src/core/api-keys.js';
import { startReceiver } from '../support/receiver.js';
import { hasChromium } from './browser.js';
import {
  admin,
  bash,
  drawerSection,
  emu,
  mint,
  open,
  page,
  row,
  rows,
  speak,
  usePages,
} from './dashboard-explain-support.js';

usePages();

describe.skipIf(!hasChromium)('the dashboard explains a failure', () => {
  it('a journal row opens a drawer: the fault and its rule, the ledger entries, and curl without the key', async () => {
    await open();
    await admin('POST', '/faults', {
      kind: 'error',
      status: 502,
      match: { operation: 'auth.createWsToken' },
      times: 2,
    });
    expect((await mint()).status).toBe(502);
    expect((await speak()).status).toBe(200);

    await row('upstream_error').click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await page.locator('#drawer-title').textContent()).toBe('POST /v1/auth/ws-token');
    expect(await page.locator('#drawer-sub').textContent()).toContain('502 upstream_error');
    const fault = drawerSection('Fault');
    await fault.getByText('The rule now').waitFor();
    expect(await fault.textContent()).toContain('answer 502 upstream_error instead of running the operation');
    expect(await fault.textContent()).toContain('operation=auth.createWsToken');
    await drawerSection('Ledger entries').getByText('not metered').waitFor();
    expect(await row('upstream_error').getAttribute('class')).toContain('open');

    const curl = (await page.locator('#drawer-curl').textContent()) ?? '';
    expect(curl).toContain("curl -X POST 'http://127.0.0.1:");
    expect(curl).toContain('/v1/auth/ws-token');
    expect(curl).toContain('-H "Authorization: Bearer $SVC_API_KEY"');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await page.locator('#status', { hasText: 'curl command copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(curl);
    expect(await page.content()).not.toContain(emu!.keys.live);
    await page.screenshot({ path: '/tmp/dashboard-drawer-fault.png' });

    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);

    // A billed TTS call: the drawer lists the ledger entry it produced.
    await row('tts.speak').click();
    const ledger = drawerSection('Ledger entries');
    const entry = ledger.locator('tr[data-ledger-id]');
    await entry.waitFor();
    const usage = await admin('GET', `/orgs/${emu!.orgId}/usage`);
    const billed = usage.entries.find((e: { product: string }) => e.product === 'tts');
    expect(await entry.getAttribute('data-ledger-id')).toBe(billed.id);
    expect(await entry.textContent()).toContain('billed');
    expect(await drawerSection('Fault').textContent()).toContain('No fault rule applied');
    await page.getByRole('button', { name: 'Close details' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
  });

  it('the curl command of a full entry replays the request: quotes, shell syntax and the key placeholder survive a shell', async () => {
    await open();
    // A full journal entry, as GET /requests/{id} gives it, with text made to break naive shell quoting.
    // HTTP header values are Latin-1, so the hostile text is ASCII: quotes, a variable, a backslash, a command.
    const text = `it's "$HOME" \\ \`id\` $(id) !x`;
    const entry = {
      request_id: 'req_x',
      kind: 'http',
      method: 'POST',
      path: '/v1/auth/ws-token',
      key: displayKey(emu!.keys.test),
      request: {
        headers: {
          authorization: `Bearer ${displayKey(emu!.keys.test)}`,
          'content-type': 'application/json',
          'x-emulator-scope': text,
          'content-length': '99',
          host: 'elsewhere:1',
        },
        query: {},
        body: { scopes: ['tts:speak'] },
        body_truncated: false,
        multipart: null,
      },
    };
    // A string, so the bundler leaves the browser's own dynamic import alone.
    const built = await page.evaluate<string>(
      `import('/_emulator/ui/curl.js').then((m) => m.curlCommand(${JSON.stringify(entry)}, location.origin).command)`,
    );
    expect(built).not.toContain('elsewhere');
    expect(built).not.toMatch(/content-length/i);
    const out = await bash(`${built} --silent --show-error`, emu!.keys.test);
    expect(JSON.parse(out)).toMatchObject({ token: expect.any(String) });
    // The emulator saw the same scope (the header value went through the shell untouched) and the real key.
    await row('auth.createWsToken').waitFor();
    const [seen] = (await admin('GET', '/requests')).requests;
    expect(seen).toMatchObject({ status: 201, scope: text, key_id: emu!.emulator.demo.keyIds.test });
  });

  it('filters the journal by status class, operation, scope and fault, and shows the same API query', async () => {
    await open();
    const rule = await admin('POST', '/faults', {
      kind: 'error',
      status: 504,
      match: { operation: 'tts.speak' },
      times: 1,
    });
    expect((await mint({ scope: 'suite-a' })).status).toBe(201);
    expect((await mint({ key: null })).status).toBe(401);
    expect((await speak()).status).toBe(504);
    expect((await speak()).status).toBe(200);
    await expect.poll(() => rows().count()).toBe(4);

    await page.locator('#filter-status').selectOption('4xx');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('401');
    expect(await page.locator('#journal-query').textContent()).toBe('GET /_emulator/requests?status=4xx');
    expect(await page.locator('#journal-count').textContent()).toBe('1 of 4 requests');

    await page.locator('#filter-status').selectOption('5xx');
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows().count()).toBe(4);

    await page.locator('#filter-operation').selectOption('auth.createWsToken');
    await expect.poll(() => rows().count()).toBe(2);
    await page.locator('#filter-scope').fill('suite-a');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('suite-a');
    expect(await page.locator('#journal-query').textContent()).toBe(
      'GET /_emulator/requests?operation_id=auth.createWsToken&scope=suite-a',
    );
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await page.locator('#filter-fault').selectOption('*');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('504');
    await page.locator('#filter-fault').selectOption(rule.id);
    await expect.poll(() => rows().count()).toBe(1);
    expect(await page.locator('#journal-query').textContent()).toBe(
      `GET /_emulator/requests?fault_rule=${rule.id}`,
    );
    await page.locator('#filter-fault').selectOption('-');
    await expect.poll(() => rows().count()).toBe(3);
    await page.screenshot({ path: '/tmp/dashboard-filters.png' });
  });

  it('the client report names the failed check and its requests, and downloads as JUnit XML', async () => {
    await open();
    await admin('POST', '/faults', {
      kind: 'error',
      status: 429,
      retry_after: 30,
      match: { operation: 'auth.createWsToken' },
      times: 1,
    });
    expect((await mint({ key: emu!.keys.test })).status).toBe(429);
    expect((await mint({ key: emu!.keys.test })).status).toBe(201);
    await expect.poll(() => rows().count()).toBe(2);

    await page.getByRole('button', { name: 'Show report' }).click();
    const group = page.getByRole('region', { name: `key ${displayKey(emu!.keys.test)}` });
    const check = group.locator('li[data-check="honours_retry_after"]');
    await check.locator('.badge', { hasText: 'fail' }).waitFor();
    expect(await check.textContent()).toContain('1 request(s) sent within 30 s after 429 rate_limited');
    expect(await page.locator('#report-summary').textContent()).toContain('1 failed');

    // A request id in a finding opens that request's drawer.
    const ids = await check.getByRole('button', { name: /^Open request / }).allTextContents();
    expect(ids).toHaveLength(2);
    await check.getByRole('button', { name: `Open request ${ids[1]}` }).click();
    await page.locator('#drawer-sub', { hasText: ids[1] }).waitFor();
    await page.screenshot({ path: '/tmp/dashboard-report.png', fullPage: true });
    await page.getByRole('button', { name: 'Close details' }).click();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JUnit XML' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('svc-emulator-report.xml');
    const xml = readFileSync(await download.path(), 'utf8');
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('<testsuites name="svc-emulator client report"');
    expect(xml).toContain('failures="1"');
    expect(xml).toContain(ids[1]);
  });

  it('a delivery shows its payload, the signature header of every attempt, and a redelivered series apart', async () => {
    await open();
    const receiver = await startReceiver();
    try {
      receiver.respond = () => 500;
      const first = receiver.next();
      const endpoint = await admin('POST', `/orgs/${emu!.orgId}/webhook-endpoints`, {
        url: receiver.url,
        events: ['ping'],
      });
      const failed = await first;
      await admin('GET', '/webhooks/deliveries?min_attempts=1&wait=10');
      await page.getByRole('button', { name: 'Refresh' }).click();
      const item = page.locator('#deliveries-body tr[data-delivery-id]', { hasText: 'ping' });
      await item.locator('.attempts li', { hasText: '#1 500' }).waitFor();

      receiver.respond = () => 204;
      const second = receiver.next();
      await item.getByRole('button', { name: /^Redeliver ping/ }).click();
      const delivered = await second;
      await admin('GET', '/webhooks/deliveries?status=delivered&wait=10');
      await page.getByRole('button', { name: 'Refresh' }).click();
      await item.locator('.badge', { hasText: 'delivered' }).waitFor();
      await item.locator('.attempts li.series-sep', { hasText: 'redelivered · series 2' }).waitFor();

      await item.getByRole('button', { name: /^Details of ping/ }).click();
      const detail = page.locator('.delivery-detail');
      await detail.waitFor();
      expect(JSON.parse((await detail.locator('pre.payload').textContent()) ?? '')).toEqual(failed.json);
      const series1 = detail.getByRole('region', { name: 'Series 1 · first delivery' });
      const series2 = detail.getByRole('region', { name: 'Series 2 · redelivered' });
      expect(await series1.locator('tbody tr').count()).toBe(1);
      expect(await series1.textContent()).toContain('500');
      expect(await series2.textContent()).toContain('204');
      // The header shown is the one the receiver got, and it verifies with the endpoint's secret.
      const shown = await series1.locator('code.signature').textContent();
      expect(shown).toBe(failed.headers['svc-signature']);
      expect(await series2.locator('code.signature').textContent()).toBe(delivered.headers['svc-signature']);
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(shown ?? '') ?? [];
      expect(createHmac('sha256', endpoint.secret).update(`${t}.${failed.rawBody}`).digest('hex')).toBe(v1);
      await page.locator('#deliveries').screenshot({ path: '/tmp/dashboard-delivery.png' });
    } finally {
      await receiver.close();
    }
  });

  it('the header names the active scenario; "Clear faults" removes its rules and keeps its name', async () => {
    await open();
    const badge = page.locator('#scenario-badge');
    expect(await badge.textContent()).toBe('no scenario');
    await page.getByRole('button', { name: 'Apply scenario upstream-outage' }).click();
    await page.locator('#scenario-badge', { hasText: 'scenario: upstream-outage' }).waitFor();
    await page.locator('#faults-badge', { hasText: '4 fault rules' }).waitFor();

    await page.getByRole('button', { name: 'Clear faults' }).click();
    await page.locator('#faults-body tr.empty').waitFor();
    await page.locator('#faults-badge', { hasText: '0 fault rules' }).waitFor();
    expect(emu!.emulator.part('faults').list()).toEqual([]);
    expect(await badge.textContent()).toBe('scenario: upstream-outage');
    expect(await page.getByRole('button', { name: 'Clear faults' }).isDisabled()).toBe(true);
    expect((await speak()).status).toBe(200);
  });

  it('the fault form sends every match field and the active window; an error rule defaults to 502', async () => {
    const e = await open();
    const keyId = e.emulator.demo.keyIds.live;
    expect(await page.locator('#fault-status').inputValue()).toBe('502');
    const statuses = await page.locator('#fault-status option').allTextContents();
    expect(statuses).toEqual(['400', '401', '403', '404', '409', '422', '429', '500', '502', '504']);
    expect(await page.getByLabel('Webhook event').isHidden()).toBe(true);

    await page.locator('#fault-match-operation').fill('rag.search');
    await page.getByLabel('Method', { exact: true }).selectOption('POST');
    await page.getByLabel('Path', { exact: true }).fill('/v1/rag/*');
    await page.locator('#fault-match-org-id').fill('org_demo');
    await page.locator('#fault-match-key-id').fill(keyId);
    await page.getByLabel('Key environment').selectOption('live');
    await page.getByLabel('RAG mode').selectOption('answer');
    await page.getByLabel('Scope header').fill('suite-b');
    await page.getByLabel('Active from (UTC)').fill('2030-01-01T09:00:00');
    await page.getByLabel('Active until (UTC)').fill('2030-01-01T10:30:00');
    await page.getByRole('button', { name: 'Add fault' }).click();
    await page.locator('#faults-body tr', { hasText: 'mode=answer' }).waitFor();
    const [rule] = e.emulator.part('faults').list() as unknown as Record<string, unknown>[];
    expect(rule).toMatchObject({
      kind: 'error',
      status: 502,
      match: {
        operation: 'rag.search',
        method: 'POST',
        path: '/v1/rag/*',
        org_id: 'org_demo',
        key_id: keyId,
        environment: 'live',
        mode: 'answer',
        scope: 'suite-b',
      },
      active_from: '2030-01-01T09:00:00.000Z',
      active_until: '2030-01-01T10:30:00.000Z',
    });

    // The webhook kinds add the event field.
    await page.getByLabel('Kind').selectOption('webhook_wrong_secret');
    await page.getByLabel('Webhook event').fill('job.completed');
    await page.locator('#fault-match-operation').fill('');
    await page.getByLabel('RAG mode').selectOption('');
    // A delivery has no method, path, key or scope: a webhook rule matching one could never fire (refused, issue 37).
    await page.getByLabel('Method', { exact: true }).selectOption('');
    await page.getByLabel('Path', { exact: true }).fill('');
    await page.locator('#fault-match-key-id').fill('');
    await page.getByLabel('Scope header').fill('');
    await page.getByRole('button', { name: 'Add fault' }).click();
    await page.locator('#faults-body tr', { hasText: 'event=job.completed' }).waitFor();
    const webhookRule = e.emulator
      .part('faults')
      .list()
      .find((r) => r.kind === 'webhook_wrong_secret');
    expect(webhookRule?.match).toEqual({ event: 'job.completed', org_id: 'org_demo', environment: 'live' });
    await page.locator('#faults').screenshot({ path: '/tmp/dashboard-faults.png' });
  });
});

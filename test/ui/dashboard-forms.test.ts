/**
 * Every form of the dashboard offers every field its admin operation accepts (issue 37): each <form> names the
 * operation whose request body it sends (`data-operation`), or says why it sends none (`data-no-body`), and its
 * controls are named by the JSON field path (`match.sandbox`, `rag.state`). The fields come from
 * openapi/admin.yaml ($refs resolved, nested objects walked), the controls from the page Chromium renders, so a
 * property added to a schema without a control fails here, naming it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import { hasChromium, launchChromium, openDashboard } from './browser.js';
import { formProblems, readAdminDoc, type Control, type Doc } from './form-fields.js';

interface RenderedForm {
  id: string;
  operation: string | null;
  noBody: string | null;
  controls: Control[];
}

const doc = readAdminDoc();

/** Run in the page (the test's TypeScript has no DOM types): each form, its attributes and named controls. */
const COLLECT_FORMS = `[...document.querySelectorAll('form')].map((form) => ({
  id: form.id,
  operation: form.dataset.operation ?? null,
  noBody: form.dataset.noBody ?? null,
  controls: [...form.querySelectorAll('input[name], select[name], textarea[name]')]
    .filter((c) => c.type !== 'submit')
    .map((c) => ({
      name: c.name,
      kind: c.tagName === 'SELECT' ? 'select' : c.type === 'checkbox' || c.type === 'radio' ? c.type : 'input',
      values: c.tagName === 'SELECT' ? [...c.options].map((o) => o.value) : [c.value],
    })),
}))`;

describe.skipIf(!hasChromium)("the dashboard's forms in Chromium", () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let emu: RunningEmulator;
  let forms: RenderedForm[];

  beforeAll(async () => {
    browser = await launchChromium();
    emu = await startEmulator({ port: 0, seed: 'ui-forms', logLevel: 'silent', demoCorpus: false });
    ({ context, page } = await openDashboard(browser, emu));
    // Every control the page builds (the fault form's parameter and match fields included), hidden or not.
    forms = await page.evaluate<RenderedForm[]>(COLLECT_FORMS);
  });
  afterAll(async () => {
    await page?.close();
    await context?.close();
    await emu?.close();
    await browser?.close();
  });

  it('names, for every form, the operation whose body it sends or why it sends none', () => {
    expect(forms.length).toBeGreaterThan(5);
    for (const form of forms) {
      expect(form.operation ?? form.noBody, `form #${form.id}: data-operation or data-no-body`).toBeTruthy();
      expect(form.operation && form.noBody, `form #${form.id}: not both`).toBeFalsy();
    }
  });

  it('has a control for every field of its operation, each value of a closed field, and no other', () => {
    const checked = forms.filter((f) => f.operation);
    expect(checked.map((f) => f.operation)).toEqual(
      expect.arrayContaining([
        'admin.createSandbox',
        'admin.setSandboxClock',
        'admin.advanceSandboxClock',
        'admin.setClock',
        'admin.advanceClock',
        'admin.createOrg',
        'admin.createKey',
        'admin.addFault',
      ]),
    );
    for (const form of checked) {
      expect(
        formProblems(doc, form.operation!, form.controls),
        `form #${form.id} (${form.operation})`,
      ).toEqual([]);
    }
  });

  it('would fail on a field the document gains without a control (the check reads the document)', () => {
    const grown = structuredClone(doc) as Doc & { components: { schemas: Record<string, any> } };
    grown.components.schemas.SandboxCreate.properties.colour = { type: 'string' };
    grown.components.schemas.FaultMatch.properties.region = { type: 'string', enum: ['eu', 'us'] };
    grown.components.schemas.FaultRuleInput.properties.kind.enum.push('meteor');
    const sandbox = forms.find((f) => f.operation === 'admin.createSandbox')!;
    const faults = forms.find((f) => f.operation === 'admin.addFault')!;
    expect(formProblems(grown, 'admin.createSandbox', sandbox.controls)).toEqual(['no control for colour']);
    expect(formProblems(grown, 'admin.addFault', faults.controls)).toEqual([
      'kind does not offer meteor',
      'no control for match.region',
    ]);
  });
});

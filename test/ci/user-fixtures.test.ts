/**
 * The user's own fixtures (issue 14): scenario files and directories, scenarios registered at run time, a
 * corpus directory as the demo corpus, and no demo corpus at all.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/app/config.js';
import { createEmulator } from '../../src/app/emulator.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

let t: TestEmulator | undefined;
afterEach(async () => {
  await t?.emulator.close();
  t = undefined;
});

const scenario = (name: string, status = 502) => ({
  name,
  description: `every TTS call fails with ${status}`,
  steps: [
    {
      method: 'POST',
      path: '/faults',
      body: { kind: 'error', status, code: 'upstream_error', match: { path: '/v1/tts' } },
    },
  ],
});
const tts = () =>
  request(t!.app)
    .post('/v1/tts')
    .set('Authorization', bearer(t!.keys.live))
    .send({ text: 'مرحبا', voice: 'ar-SA-noura' });

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-fixtures-'));
}

describe('scenarios of the user', () => {
  it('--scenario ./file.json registers and applies the file, at boot and after every reset', async () => {
    const file = join(tempDir(), 'tts-down.json');
    writeFileSync(file, JSON.stringify(scenario('tts-down', 502)));
    t = await buildEmulator({ scenario: file, demoCorpus: false });
    expectProblem(await tts(), 502, 'upstream_error');
    await request(t.app).post('/_emulator/reset').expect(200);
    expectProblem(await tts(), 502, 'upstream_error');
    const list = await request(t.app).get('/_emulator/scenarios');
    expect(list.body.scenarios.map((s: { name: string }) => s.name)).toContain('tts-down');
  });

  it('--scenarios-dir adds every *.json to the list; apply one by name', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), JSON.stringify(scenario('mine-a', 502)));
    writeFileSync(join(dir, 'notes.txt'), 'not a scenario');
    t = await buildEmulator({ scenariosDir: dir, demoCorpus: false });
    const names = (await request(t.app).get('/_emulator/scenarios')).body.scenarios.map(
      (s: { name: string }) => s.name,
    );
    expect(names).toEqual(expect.arrayContaining(['mine-a', 'upstream-outage']));
    expect((await tts()).status).toBe(200);
    await request(t.app).post('/_emulator/scenarios/mine-a').expect(200);
    expectProblem(await tts(), 502, 'upstream_error');
  });

  it('a broken scenario file stops start-up with a message naming the file and the field', async () => {
    const file = join(tempDir(), 'broken.json');
    writeFileSync(file, JSON.stringify({ name: 'Broken Name', description: 'x', steps: [] }));
    const failure = createEmulator({ scenario: file, demoCorpus: false, logLevel: 'silent' });
    await expect(failure).rejects.toBeInstanceOf(ConfigError);
    await expect(failure).rejects.toThrow(/broken\.json/);
    await expect(createEmulator({ scenariosDir: join(tempDir(), 'missing') })).rejects.toThrow(
      /cannot read the scenarios directory/,
    );
  });

  it('POST /_emulator/scenarios registers one at run time (201, then 200 on replace); reset forgets it', async () => {
    t = await buildEmulator({ demoCorpus: false });
    const created = await request(t.app).post('/_emulator/scenarios').send(scenario('runtime-one', 502));
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('runtime-one');
    expect(
      (await request(t.app).post('/_emulator/scenarios').send(scenario('runtime-one', 502))).status,
    ).toBe(200);
    await request(t.app).post('/_emulator/scenarios/runtime-one').expect(200);
    expectProblem(await tts(), 502, 'upstream_error');

    const invalid = await request(t.app)
      .post('/_emulator/scenarios')
      .send({ name: 'x', description: 'no steps', steps: [] });
    expectProblem(invalid, 422, 'validation_failed');
    expect(invalid.body.detail).toMatch(/steps/);

    await request(t.app).post('/_emulator/reset').expect(200);
    expectProblem(await request(t.app).post('/_emulator/scenarios/runtime-one'), 404, 'not_found');
  });
});

describe('the demo corpus', () => {
  it('--corpus DIR indexes the user documents instead of fixtures/rag, and search finds them', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'Onboarding Guide.md'),
      '# Onboarding\n\nEvery new engineer receives a zebra-striped laptop sticker on the first day.\n',
    );
    writeFileSync(join(dir, 'faq.txt'), 'The cafeteria serves kunafa on Thursdays.\n');
    mkdirSync(join(dir, 'ignored-subdir'));
    t = await buildEmulator({ corpus: dir });
    await t.emulator.ready();
    const docs = await request(t.app).get('/v1/rag/documents').set('Authorization', bearer(t.keys.live));
    expect(docs.status).toBe(200);
    const ids = docs.body.documents.map((d: { document_id: string }) => d.document_id).sort();
    expect(ids).toEqual(['doc_faq_txt', 'doc_onboarding_guide_md']);
    const hit = await request(t.app)
      .post('/v1/rag/search')
      .set('Authorization', bearer(t.keys.live))
      .send({ query: 'zebra-striped laptop sticker' });
    expect(hit.status, hit.text).toBe(200);
    expect(JSON.stringify(hit.body)).toContain('doc_onboarding_guide_md');
  });

  it('a corpus file of an unsupported type makes the corpus failed, so ?ready=1 never turns 200', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'image.bin'), Buffer.from([0x00, 0xff, 0x10, 0x80]));
    t = await buildEmulator({ corpus: dir });
    await t.emulator.ready();
    const health = await request(t.app).get('/_emulator/health');
    expect(health.body.boot.demo_corpus).toBe('failed');
    expectProblem(await request(t.app).get('/_emulator/health?ready=1'), 503, 'emulator_not_ready');
  });

  it('--no-demo-corpus starts with no documents and ready at once', async () => {
    t = await buildEmulator({ demoCorpus: false });
    const health = await request(t.app).get('/_emulator/health?ready=1');
    expect(health.status).toBe(200);
    expect(health.body.boot.demo_corpus).toBe('disabled');
    const docs = await request(t.app).get('/v1/rag/documents').set('Authorization', bearer(t.keys.live));
    expect(docs.body.documents).toEqual([]);
  });
});

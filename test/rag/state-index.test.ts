/**
 * A load answers before the search index of the documents it put back is built (issue 25, SN-A7): the
 * documents list at once, and a search issued as soon as the load answered waits for its organization's
 * build and gives the hits and scores it gave before the state was saved.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRagEmulator, finishJobs, get, readyOrg, search, upload, type RagTest } from './helpers.js';

let t: RagTest;
afterEach(async () => t.emulator.close());

const WORDS = ['harbour', 'lantern', 'meadow', 'quarry', 'orchard', 'glacier', 'canyon', 'delta'];

describe('RAG index after a load', () => {
  it('a search issued right after the load answered gives the same hits and scores; lists answer at once', async () => {
    t = await buildRagEmulator();
    const { orgId, key } = await readyOrg(t);
    for (let i = 0; i < 24; i++) {
      const words = [WORDS[i % WORDS.length], WORDS[(i * 3) % WORDS.length], `item${i}`];
      const text = `Notes ${i}: the ${words.join(' and the ')} report. `.repeat(1 + (i % 5));
      await upload(t, key, { bytes: text, name: `n${i}.txt` }).expect(202);
    }
    await finishJobs(t);
    const queries = ['harbour lantern', 'quarry', 'item7 report', 'glacier delta canyon'];
    const before = [];
    for (const query of queries)
      before.push((await search(t, key, { query, top_k: 10 }).expect(200)).body.results);
    expect(before[0].length).toBeGreaterThan(0);
    const listed = (await get(t, key, '/v1/rag/documents?limit=100').expect(200)).body;

    const saved = await request(t.app)
      .get(`/_emulator/state?org=${orgId}`)
      .set('Accept-Encoding', 'identity')
      .buffer(true)
      .parse((res, done) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => done(null, Buffer.concat(parts)));
      })
      .expect(200);
    await request(t.app)
      .put('/_emulator/state')
      .set('Content-Type', 'application/json')
      .send((saved.body as Buffer).toString())
      .expect(200);
    // Issued together, right after the load answered: the list does not wait, the searches wait for the build.
    const [list, ...after] = await Promise.all([
      get(t, key, '/v1/rag/documents?limit=100'),
      ...queries.map((query) => search(t, key, { query, top_k: 10 })),
    ]);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual(listed.data);
    expect(after.map((r) => r.status)).toEqual(queries.map(() => 200));
    expect(after.map((r) => r.body.results)).toEqual(before);
  });
});

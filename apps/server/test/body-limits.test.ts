import { CAPTION_MAX_LENGTH, COMMENT_MAX_LENGTH } from '@shutter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signUp } from './helpers/agent.js';
import { postPhoto, uploadPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

/**
 * Each route reads at most the body it needs: the longest text a person may write, in the widest
 * encoding a browser sends it (a form of three-byte characters, nine bytes each), still fits; more does not.
 */
let t: TestApp;
let alice: Agent;
let aliceId: string;
beforeAll(async () => {
  t = await createTestApp();
  alice = new Agent(t.app);
  aliceId = (await signUp(alice)).id;
});
afterAll(async () => { await t.close(); });

/** The widest text per character a length counts: three bytes of UTF-8, nine once percent-encoded in a form. */
const widest = (n: number) => '€'.repeat(n);
const tags = () => JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ user_id: aliceId, position: [i / 20, i / 20] })));

describe(`request bodies are capped per route at what the route needs (${databaseKind})`, () => {
  it('a caption of the longest length in wide characters, with people tags and alt text, is published', async () => {
    const up = await uploadPhoto(alice);
    const res = await alice.post('/create/configure/', {
      upload_id: up.uploadId, caption: widest(CAPTION_MAX_LENGTH), usertags: tags(), custom_accessibility_caption: widest(1000),
    });
    expect(res.status, res.text).toBe(200);
  });

  it('a comment of the longest length in wide characters is posted', async () => {
    const media = await postPhoto(alice);
    const res = await alice.post(`/web/comments/${media.id}/add/`, { comment_text: widest(COMMENT_MAX_LENGTH) });
    expect(res.status, res.text).toBe(200);
  });

  it('a form past the cap of a short route is refused with 413 and a plain message, before anything reads it', async () => {
    const res = await alice.post('/accounts/edit/', { biography: 'x'.repeat(20_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ status: 'fail', message: 'This request is too large: send less text.' });
    const json = await alice.request('POST', '/web/search/register_recent_search/', { json: { entity_id: '1'.repeat(17_000) } });
    expect(json.status).toBe(413);
  });

  it('a body past the cap of a long-text route is refused with 413', async () => {
    const media = await postPhoto(alice);
    const res = await alice.post(`/web/comments/${media.id}/add/`, { comment_text: widest(8000) });
    expect(res.status).toBe(413);
  });
});

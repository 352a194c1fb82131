import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOS_VERSION } from '@shutter/contract';
import { Agent, newPerson, signedUpAgent, signUp } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const NEW_VERSION = '2027-01';
const ALL_CONSENTS = { terms: true, data_policy: true };

// `plain`: the defaults (TOS_VERSION 2026-11, no consent required). `gdpr`: an operator who moved
// the terms on and requires explicit consent.
let plain: TestApp;
let gdpr: TestApp;
beforeAll(async () => {
  [plain, gdpr] = await Promise.all([createTestApp(), createTestApp({ env: { TOS_VERSION: NEW_VERSION, GDPR_REQUIRED: 'true' } })]);
}, 180_000);
afterAll(async () => { await Promise.all([plain.close(), gdpr.close()]); });

/** The account agreed to `version` before the operator's current one (as after an upgrade of TOS_VERSION). */
async function agreedEarlier(t: TestApp, userId: string, version = '2025-06') {
  await t.db.updateTable('terms_acceptances').set({ tos_version: version }).where('user_id', '=', userId).execute();
}

async function gdprPerson() {
  const agent = new Agent(gdpr.app);
  const person = newPerson('consenting');
  const res = await agent.post('/accounts/web_create_ajax/', { ...person, tos_consent: 'true' });
  expect(res.status).toBe(200);
  return { agent, id: res.body.user_id as string, username: person.username };
}

const sharedData = async (agent: Agent) => (await agent.get('/data/shared_data/')).body;

describe(`terms and consent (${databaseKind})`, () => {
  it('R-000-routes-7: the landing page and the shared data carry the operator\'s gdpr_required and tos_version', async () => {
    const landing = await new Agent(gdpr.app).get('/?__a=1');
    expect(landing.body.landing).toMatchObject({ gdpr_required: true, tos_version: NEW_VERSION });
    expect(await sharedData(new Agent(gdpr.app))).toMatchObject({ gdpr_required: true, tos_version: NEW_VERSION, terms_pending: null });
    const defaults = await new Agent(plain.app).get('/accounts/login/?__a=1');
    expect(defaults.body.landing).toMatchObject({ gdpr_required: false, tos_version: DEFAULT_TOS_VERSION });
  });

  it('a signup records the terms in force: nothing waits, and writes work', async () => {
    const { agent } = await signedUpAgent(plain.app);
    const other = await signUp(new Agent(plain.app));
    expect((await agent.get('/terms/info/')).body).toEqual({
      tos_version: DEFAULT_TOS_VERSION, gdpr_required: false, accepted_tos_version: DEFAULT_TOS_VERSION, blocked: false, status: 'ok',
    });
    expect((await sharedData(agent)).terms_pending).toBeNull();
    expect((await agent.post(`/web/friendships/${other.id}/follow/`)).status).toBe(200);
    expect((await agent.get('/')).status).toBe(200);
  });

  it('where consent is required, a signup without it is refused with a field error and makes no account; the dry run does not ask yet', async () => {
    const person = newPerson('noconsent');
    const dry = await new Agent(gdpr.app).post('/accounts/web_create_ajax/attempt/', person);
    expect(dry.body.dryrun_passed).toBe(true);
    const res = await new Agent(gdpr.app).post('/accounts/web_create_ajax/', person);
    expect(res.status).toBe(400);
    expect(res.body.error_codes.tos_consent).toEqual([{ code: 'terms_consent_required' }]);
    expect(await gdpr.db.selectFrom('users').select('id').where('username', '=', person.username).executeTakeFirst()).toBeUndefined();

    const { agent, id } = await gdprPerson();
    const row = await gdpr.db.selectFrom('terms_acceptances').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tos_version: NEW_VERSION, consents: ALL_CONSENTS, declined_at: null });
    expect((await sharedData(agent)).terms_pending).toBeNull();
  });

  it('without a consent requirement, the signup needs no consent field (unchanged)', async () => {
    const res = await new Agent(plain.app).post('/accounts/web_create_ajax/', newPerson('plain'));
    expect(res.status).toBe(200);
  });

  it('R-000-routes-16: once the version moves on, every page sends the person to the terms start, with where they were going', async () => {
    const { agent, id } = await gdprPerson();
    await agreedEarlier(gdpr, id);
    const home = await agent.get('/');
    expect(home.status).toBe(302);
    expect(home.headers.location).toBe('/terms/start/');
    const explore = await agent.get('/explore/?x=1');
    expect(explore.headers.location).toBe(`/terms/start/?next=${encodeURIComponent('/explore/?x=1')}`);
    // The terms screens themselves and the legal pages they link to still open.
    for (const path of ['/terms/start/', '/terms/accept/', '/terms/unblock/', '/terms/new_terms_confirm/', '/legal/terms/', '/legal/privacy/']) {
      expect((await agent.get(path)).status, path).toBe(200);
    }
    expect((await sharedData(agent)).terms_pending).toBe('new_terms');
  });

  it('with terms waiting, writes answer 403 terms_required while reads keep working', async () => {
    const { agent, id } = await gdprPerson();
    const other = await gdprPerson();
    await agreedEarlier(gdpr, id);
    const write = await agent.post(`/web/friendships/${other.id}/follow/`);
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ status: 'fail', code: 'terms_required', terms_required: true });
    expect(write.body.message).toMatch(/terms/);
    expect(await gdpr.db.selectFrom('follows').select('followee_id').where('follower_id', '=', id).execute()).toEqual([]);
    // Reads: the terms' own, page data, the shared data.
    expect((await agent.get('/terms/info/')).body).toMatchObject({ tos_version: NEW_VERSION, accepted_tos_version: '2025-06', blocked: false });
    expect((await agent.get(`/${other.username}/?__a=1`)).status).toBe(200);
  });

  it('accepting an old version is refused; where consent is required both choices are needed; agreeing lifts every stop', async () => {
    const { agent, id } = await gdprPerson();
    await agreedEarlier(gdpr, id);
    const stale = await agent.postJson('/terms/accept/', { tos_version: '2025-06', consents: ALL_CONSENTS });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ code: 'terms_version_stale', tos_version: NEW_VERSION });
    const halfConsent = await agent.postJson('/terms/accept/', { tos_version: NEW_VERSION, consents: { terms: true, data_policy: false } });
    expect(halfConsent.status).toBe(400);
    expect(halfConsent.body.code).toBe('terms_consent_required');
    expect((await agent.postJson('/terms/accept/', { tos_version: NEW_VERSION })).status).toBe(400);
    expect((await sharedData(agent)).terms_pending).toBe('new_terms');

    expect((await agent.post('/terms/accept/', { tos_version: NEW_VERSION, consents: 'terms,marketing' })).status).toBe(400);
    // A form post names the ticked choices, as the web client sends them.
    expect((await agent.post('/terms/accept/', { tos_version: NEW_VERSION, consents: 'terms,data_policy' })).status).toBe(200);
    expect((await sharedData(agent)).terms_pending).toBeNull();
    expect((await agent.get('/')).status).toBe(200);
    const row = await gdpr.db.selectFrom('terms_acceptances').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(row.tos_version).toBe(NEW_VERSION);
    expect(row.accepted_at).not.toBeNull();
  });

  it('"Not now" blocks the account until it agrees: pages go to unblock, writes are refused, logging out works', async () => {
    const { agent, user } = await signedUpAgent(plain.app);
    const other = await signUp(new Agent(plain.app));
    await agreedEarlier(plain, user.id);
    expect((await agent.post('/terms/decline/')).status).toBe(200);
    expect((await agent.get('/terms/info/')).body).toMatchObject({ blocked: true, accepted_tos_version: '2025-06' });
    expect((await sharedData(agent)).terms_pending).toBe('blocked');
    expect((await agent.get('/accounts/edit/')).headers.location).toBe(`/terms/unblock/?next=${encodeURIComponent('/accounts/edit/')}`);
    expect((await agent.post(`/web/friendships/${other.id}/follow/`)).status).toBe(403);

    // Agreeing (without consents: this operator asks for none) unblocks.
    expect((await agent.postJson('/terms/accept/', { tos_version: DEFAULT_TOS_VERSION })).status).toBe(200);
    expect((await agent.get('/terms/info/')).body).toMatchObject({ blocked: false, accepted_tos_version: DEFAULT_TOS_VERSION });
    expect((await agent.post(`/web/friendships/${other.id}/follow/`)).status).toBe(200);

    await agreedEarlier(plain, user.id);
    await agent.post('/terms/decline/');
    expect((await agent.post('/accounts/logout/')).status).toBe(200);
    expect((await sharedData(agent)).config.viewer).toBeNull();
  });

  it('"Not now" to terms already agreed to changes nothing', async () => {
    const { agent } = await signedUpAgent(plain.app);
    expect((await agent.post('/terms/decline/')).status).toBe(200);
    expect((await agent.get('/terms/info/')).body).toMatchObject({ blocked: false });
    expect((await agent.get('/')).status).toBe(200);
  });

  it('an account with no record (made before versions were kept) stands at the first version', async () => {
    const { agent, user } = await signedUpAgent(plain.app);
    await plain.db.deleteFrom('terms_acceptances').where('user_id', '=', user.id).execute();
    expect((await agent.get('/terms/info/')).body).toMatchObject({ accepted_tos_version: DEFAULT_TOS_VERSION, blocked: false });
    expect((await agent.get('/')).status).toBe(200);
    const moved = await gdprPerson();
    await gdpr.db.deleteFrom('terms_acceptances').where('user_id', '=', moved.id).execute();
    expect((await sharedData(moved.agent)).terms_pending).toBe('new_terms');
  });

  it('a logged-out visitor cannot read or answer the terms', async () => {
    const visitor = new Agent(plain.app);
    expect((await visitor.get('/terms/info/')).status).toBe(401);
    expect((await visitor.postJson('/terms/accept/', { tos_version: DEFAULT_TOS_VERSION })).status).toBe(401);
    expect((await visitor.post('/terms/decline/')).status).toBe(401);
  });

  it('a malformed answer is a 400, never a 500', async () => {
    const { agent } = await signedUpAgent(plain.app);
    expect((await agent.postJson('/terms/accept/', { tos_version: 7 })).status).toBe(400);
    expect((await agent.postJson('/terms/accept/', { tos_version: 'x'.repeat(500) })).status).toBe(400);
    expect((await agent.postJson('/terms/accept/', { tos_version: DEFAULT_TOS_VERSION, consents: 'yes' })).status).toBe(400);
  });
});

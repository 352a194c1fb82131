import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED_MESSAGE, SUSPENSION_RETENTION_DAYS } from '@shutter/contract';
import { Agent, newPerson, signUp, signedUpAgent, queryUrl as q } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { createReportsRepository } from '../src/features/reports/repository.js';
import { setRoleByUsername } from '../src/features/moderation/roles.js';
import { createIdGenerator } from '../src/platform/ids.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 180_000);
afterAll(async () => { await t.close(); });

const nextId = createIdGenerator(4242);
type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);
let n = 0;
const uniqueTag = (stem: string) => `${stem}${Date.now().toString(36)}${(n += 1)}`;
const ids = (edges: { node: { id: string } }[]) => edges.map((e) => e.node.id);

async function moderator(): Promise<Person> {
  const p = await person();
  expect(await setRoleByUsername(t.db, p.user.username, 'moderator')).toMatchObject({ ok: true, from: 'member', to: 'moderator' });
  return p;
}

/** A report as the reporting flow files it. */
async function report(reporter: Person, objectType: string, objectId: string, targetUserId: string, tags = ['spam']) {
  return createReportsRepository(t.db).file({ id: nextId(), objectType, objectId, targetUserId, reporterId: reporter.user.id, tags, victim: null });
}

const feedIds = async (p: Person) => ids((await p.agent.get(q('feed', {}))).body.data.user.edge_web_feed_timeline.edges);
const profileIds = async (agent: Agent, username: string) => {
  const res = await agent.get(`/${username}/?__a=1`);
  return res.status === 200 ? ids(res.body.graphql.user.edge_owner_to_timeline_media.edges ?? []) : res.status;
};
const tagIds = async (agent: Agent, tag: string) => {
  const res = await agent.get(`/explore/tags/${tag}/?__a=1`);
  if (res.status !== 200) return [];
  const h = res.body.graphql.hashtag;
  return [...ids(h.edge_hashtag_to_media.edges), ...ids(h.edge_hashtag_to_top_posts.edges)];
};
const searchUsers = async (agent: Agent, query: string) =>
  ((await agent.get(`/web/search/topsearch/?query=${encodeURIComponent(query)}`)).body.users as { user: { pk: string } }[]).map((u) => u.user.pk);
const activity = async (p: Person) => (await p.agent.get('/accounts/activity/?__a=1')).body.graphql.user.activity_feed.edge_web_activity_feed.edges
  .map((e: { node: { type: string; text: string; system?: boolean } }) => e.node);

const ADMIN_CALLS: [('GET' | 'POST'), string][] = [
  ['GET', '/api/v1/admin/reports/'], ['GET', '/api/v1/admin/reports/1/'], ['POST', '/api/v1/admin/reports/1/resolve/'], ['POST', '/api/v1/admin/reports/1/reopen/'],
  ['POST', '/api/v1/admin/reports/1/remove/'], ['GET', '/api/v1/admin/accounts/1/'], ['POST', '/api/v1/admin/accounts/1/action/'],
  ['POST', '/api/v1/admin/accounts/1/unsuspend/'], ['POST', '/api/v1/admin/accounts/1/unsilence/'], ['GET', '/api/v1/admin/audit_log/'],
  ['GET', '/api/v1/admin/appeals/'], ['POST', '/api/v1/admin/appeals/1/accept/'], ['POST', '/api/v1/admin/appeals/1/reject/'],
];

describe(`moderation: who may (${databaseKind})`, () => {
  it('every admin call answers 401 logged out and 403 not_moderator to a member; a moderator is let in', async () => {
    const member = await person();
    const visitor = new Agent(t.app);
    for (const [method, path] of ADMIN_CALLS) {
      const body = method === 'POST' ? { type: 'none' } : undefined;
      const out = method === 'GET' ? await visitor.get(path) : await visitor.post(path, body);
      expect(out.status, `${method} ${path} logged out`).toBe(401);
      const res = method === 'GET' ? await member.agent.get(path) : await member.agent.post(path, body);
      expect(res.status, `${method} ${path} member`).toBe(403);
      expect(res.body).toMatchObject({ status: 'fail', error_type: 'not_moderator' });
    }
    const mod = await moderator();
    expect((await mod.agent.get('/api/v1/admin/reports/')).status).toBe(200);
    expect((await mod.agent.get('/data/shared_data/')).body.role).toBe('moderator');
    expect((await member.agent.get('/data/shared_data/')).body.role).toBe('member');
  });

  it('the role command\'s function: unknown person and unknown role are refused; member takes the role away', async () => {
    const p = await person();
    expect(await setRoleByUsername(t.db, 'nobody_here_at_all', 'moderator')).toMatchObject({ ok: false, message: expect.stringContaining('No account') });
    expect(await setRoleByUsername(t.db, p.user.username, 'king')).toMatchObject({ ok: false, message: expect.stringContaining('Unknown role') });
    expect(await setRoleByUsername(t.db, p.user.username, 'admin')).toMatchObject({ ok: true, from: 'member', to: 'admin' });
    expect((await p.agent.get('/api/v1/admin/audit_log/')).status).toBe(200);
    expect(await setRoleByUsername(t.db, p.user.username, 'member')).toMatchObject({ ok: true, from: 'admin', to: 'member' });
    expect((await p.agent.get('/api/v1/admin/audit_log/')).status).toBe(403);
  });
});

describe(`moderation: the journey (${databaseKind})`, () => {
  it('a removed post is gone from feed, profile, tag page for everyone, its owner too; the owner appeals once, the moderator accepts, and it returns', async () => {
    const mod = await moderator();
    const owner = await person();
    const reporter = await person();
    const tag = uniqueTag('gone');
    const media = await postPhoto(owner.agent, `look #${tag}`);
    await reporter.agent.post(`/web/friendships/${owner.user.id}/follow/`);
    expect(await feedIds(reporter)).toContain(media.id);

    const reportId = await report(reporter, 'media', media.id, owner.user.id, ['spam']);
    const queue = (await mod.agent.get('/api/v1/admin/reports/')).body;
    const listed = queue.reports.find((r: { id: string }) => r.id === reportId);
    expect(listed).toMatchObject({ action_taken: false, reporter_count: 1, target_account: { id: owner.user.id, strike_count: 0 }, thing: { object_type: 'media', object_id: media.id, removed: false } });

    const removed = await mod.agent.post(`/api/v1/admin/reports/${reportId}/remove/`, { text: 'Spam' });
    expect(removed.status).toBe(200);
    expect(removed.body.report).toMatchObject({ action_taken: true, action_taken_by_account: { id: mod.user.id }, thing: { removed: true } });

    for (const viewer of [reporter, owner]) {
      expect(await feedIds(viewer)).not.toContain(media.id);
      expect(await profileIds(viewer.agent, owner.user.username)).not.toContain(media.id);
      expect(await tagIds(viewer.agent, tag)).not.toContain(media.id);
    }
    expect(await profileIds(new Agent(t.app), owner.user.username)).not.toContain(media.id);
    expect((await reporter.agent.get(`/p/${media.shortcode}/?__a=1`)).status).toBe(404);
    expect((await owner.agent.get(`/p/${media.shortcode}/?__a=1`)).status).toBe(404);

    // Told: the reporter, that it was reviewed; the owner, of the strike and its rule.
    expect(await activity(reporter)).toContainEqual(expect.objectContaining({ type: 'report_reviewed', system: true, text: 'Thanks for your report. We reviewed it and removed the post.' }));
    const notice = (await activity(owner)).find((e: { type: string }) => e.type === 'strike');
    expect(notice).toMatchObject({ system: true, text: expect.stringContaining('We removed your post') });

    const strikes = (await owner.agent.get('/api/v1/strikes/')).body;
    expect(strikes.strikes).toHaveLength(1);
    const strike = strikes.strikes[0];
    expect(strike).toMatchObject({ action: 'remove', appeal: null, reversed: false, thing: { object_id: media.id, removed: true } });
    expect((await reporter.agent.post(`/api/v1/strikes/${strike.id}/appeal/`, { text: 'not mine' })).status).toBe(404);
    expect((await owner.agent.post(`/api/v1/strikes/${strike.id}/appeal/`, { text: '   ' })).status).toBe(400);
    const appealed = await owner.agent.post(`/api/v1/strikes/${strike.id}/appeal/`, { text: 'It is my own photo.' });
    expect(appealed.status).toBe(200);
    expect(appealed.body.strike.appeal).toMatchObject({ text: 'It is my own photo.', state: 'pending' });
    const again = await owner.agent.post(`/api/v1/strikes/${strike.id}/appeal/`, { text: 'Please!' });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('once');

    const pending = (await mod.agent.get('/api/v1/admin/appeals/')).body.appeals;
    expect(pending[0]).toMatchObject({ strike: { id: strike.id, appeal: { state: 'pending' } }, account: { id: owner.user.id } });
    expect((await mod.agent.post(`/api/v1/admin/appeals/${strike.id}/accept/`)).body.strike).toMatchObject({ reversed: true, appeal: { state: 'accepted' } });
    expect((await mod.agent.post(`/api/v1/admin/appeals/${strike.id}/reject/`)).status).toBe(409);

    expect(await feedIds(reporter)).toContain(media.id);
    expect(await profileIds(reporter.agent, owner.user.username)).toContain(media.id);
    expect(await tagIds(reporter.agent, tag)).toContain(media.id);
    expect((await owner.agent.get(`/p/${media.shortcode}/?__a=1`)).status).toBe(200);
    expect((await activity(owner)).map((e: { type: string }) => e.type)).toContain('appeal_decided');

    // The audit log: who, what, when, in order.
    const log = (await mod.agent.get('/api/v1/admin/audit_log/')).body.entries.filter((e: { target_account: { id: string } | null }) => e.target_account?.id === owner.user.id);
    expect(log.map((e: { action: string }) => e.action)).toEqual(['appeal_accepted', 'remove']);
    expect(log[1]).toMatchObject({ account: { id: mod.user.id }, report_id: reportId, object_type: 'media', object_id: media.id, text: 'Spam' });
    expect(Date.parse(log[1].created_at)).toBeGreaterThan(Date.now() - 60_000);
    const detail = (await mod.agent.get(`/api/v1/admin/reports/${reportId}/`)).body;
    expect(detail.history.map((e: { action: string }) => e.action)).toEqual(['appeal_accepted', 'remove']);
    expect(detail.owner_strikes[0]).toMatchObject({ id: strike.id, reversed: true });
  });

  it('a suspended account cannot log in (account_suspended with an appeal token), its sessions end, its profile, posts and comments are gone for others; unsuspend restores', async () => {
    const mod = await moderator();
    const agent = new Agent(t.app);
    const owner = { agent, user: await signUp(agent, newPerson('suspendee')) };
    const reporter = await person();
    const other = await person();
    const tag = uniqueTag('susp');
    const media = await postPhoto(owner.agent, `#${tag}`);
    const othersPost = await postPhoto(other.agent, 'hello');
    expect((await owner.agent.post(`/web/comments/${othersPost.id}/add/`, { comment_text: 'nice one' })).status).toBe(200);
    const reportId = await report(reporter, 'user', owner.user.id, owner.user.id, ['spam']);

    const res = await mod.agent.post(`/api/v1/admin/accounts/${owner.user.id}/action/`, { type: 'suspend', report_id: reportId, text: 'Spam account' });
    expect(res.status).toBe(200);
    const standing = await t.db.selectFrom('account_standing').selectAll().where('user_id', '=', owner.user.id).executeTakeFirstOrThrow();
    expect(standing.purge_after!.getTime() - standing.suspended_at!.getTime()).toBe(SUSPENSION_RETENTION_DAYS * 86_400_000);

    // Sessions ended: the owner's agent is logged out.
    expect((await owner.agent.get('/data/shared_data/')).body.config.viewer).toBeNull();
    const wrong = await new Agent(t.app).post('/accounts/login/ajax/', { username: owner.user.username, password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_type).toBeUndefined();
    const login = await new Agent(t.app).post('/accounts/login/ajax/', { username: owner.user.username, password: owner.user.password });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ authenticated: false, status: 'fail', error_type: 'account_suspended', message: ACCOUNT_SUSPENDED_MESSAGE, suspended_path: '/accounts/suspended/' });

    for (const viewer of [other, reporter]) {
      expect((await viewer.agent.get(`/${owner.user.username}/?__a=1`)).status).toBe(404);
      expect(await tagIds(viewer.agent, tag)).not.toContain(media.id);
      expect(await searchUsers(viewer.agent, owner.user.username)).not.toContain(owner.user.id);
    }
    expect((await new Agent(t.app).get(`/${owner.user.username}/?__a=1`)).status).toBe(404);
    const comments = (await other.agent.get(`/p/${othersPost.shortcode}/?__a=1`)).body.graphql.shortcode_media.edge_media_to_parent_comment.edges;
    expect(comments.map((e: { node: { owner: { id: string } } }) => e.node.owner.id)).not.toContain(owner.user.id);
    expect(await activity(reporter)).toContainEqual(expect.objectContaining({ type: 'report_reviewed', text: expect.stringContaining('took action on the account') }));

    // With the token, the person reads their strike and appeals; a forged token is refused.
    const token = login.body.appeal_token as string;
    expect((await new Agent(t.app).get('/api/v1/strikes/?appeal_token=forged.1.x')).status).toBe(401);
    const mine = (await new Agent(t.app).get(`/api/v1/strikes/?appeal_token=${encodeURIComponent(token)}`)).body;
    expect(mine).toMatchObject({ suspended: true, strikes: [{ action: 'suspend', rule: expect.any(String), text: 'Spam account' }] });

    expect((await mod.agent.post(`/api/v1/admin/accounts/${owner.user.id}/unsuspend/`)).status).toBe(200);
    expect((await mod.agent.post(`/api/v1/admin/accounts/${owner.user.id}/unsuspend/`)).status).toBe(400);
    expect((await new Agent(t.app).post('/accounts/login/ajax/', { username: owner.user.username, password: owner.user.password })).status).toBe(200);
    expect((await other.agent.get(`/${owner.user.username}/?__a=1`)).status).toBe(200);
    expect(await tagIds(other.agent, tag)).toContain(media.id);
    const back = (await other.agent.get(`/p/${othersPost.shortcode}/?__a=1`)).body.graphql.shortcode_media.edge_media_to_parent_comment.edges;
    expect(back.map((e: { node: { owner: { id: string } } }) => e.node.owner.id)).toContain(owner.user.id);
    const account = (await mod.agent.get(`/api/v1/admin/accounts/${owner.user.id}/`)).body;
    expect(account).toMatchObject({ account: { suspended: false, strike_count: 0 }, strikes: [{ action: 'suspend', reversed: true }] });
  });

  it('a suspension appealed with the login\'s token and accepted lets the person in again', async () => {
    const mod = await moderator();
    const owner = await person();
    await mod.agent.post(`/api/v1/admin/accounts/${owner.user.id}/action/`, { type: 'suspend', text: 'Fake' });
    const login = await new Agent(t.app).post('/accounts/login/ajax/', { username: owner.user.username, password: owner.user.password });
    const token = login.body.appeal_token as string;
    const visitor = new Agent(t.app);
    const [strike] = (await visitor.get(`/api/v1/strikes/?appeal_token=${encodeURIComponent(token)}`)).body.strikes;
    expect((await visitor.post(`/api/v1/strikes/${strike.id}/appeal/`, { text: 'It was a mistake' })).status).toBe(401);
    expect((await visitor.post(`/api/v1/strikes/${strike.id}/appeal/`, { text: 'It was a mistake', appeal_token: token })).status).toBe(200);
    expect((await mod.agent.post(`/api/v1/admin/appeals/${strike.id}/accept/`)).status).toBe(200);
    expect((await new Agent(t.app).post('/accounts/login/ajax/', { username: owner.user.username, password: owner.user.password })).status).toBe(200);
  });

  it('silence (limit) hides the account from search and suggestions, not from its followers; unsilence brings it back', async () => {
    const mod = await moderator();
    const target = await person();
    const viewer = await person();
    expect(await searchUsers(viewer.agent, target.user.username)).toContain(target.user.id);
    expect((await mod.agent.post(`/api/v1/admin/accounts/${target.user.id}/action/`, { type: 'silence' })).status).toBe(200);
    expect(await searchUsers(viewer.agent, target.user.username)).not.toContain(target.user.id);
    expect(await searchUsers(new Agent(t.app), target.user.username)).not.toContain(target.user.id);
    const suggested = ((await viewer.agent.get(q('suggested_users', { fetch_suggested_count: 50 }))).body.data.user.edge_suggested_users.edges as { node: { user: { id: string } } }[]).map((e) => e.node.user.id);
    expect(suggested).not.toContain(target.user.id);
    expect((await viewer.agent.get(`/${target.user.username}/?__a=1`)).status).toBe(200);
    expect((await mod.agent.get(`/api/v1/admin/accounts/${target.user.id}/`)).body.account).toMatchObject({ limited: true, strike_count: 1 });
    expect((await mod.agent.post(`/api/v1/admin/accounts/${target.user.id}/unsilence/`)).status).toBe(200);
    expect(await searchUsers(viewer.agent, target.user.username)).toContain(target.user.id);
  });

  it('sensitive marks the reported post (is_sensitive in its JSON); a warning makes a strike only; dismiss tells the reporter nothing was wrong', async () => {
    const mod = await moderator();
    const owner = await person();
    const reporter = await person();
    const media = await postPhoto(owner.agent, 'graphic');
    const reportId = await report(reporter, 'media', media.id, owner.user.id, ['violence']);
    expect((await reporter.agent.get(`/p/${media.shortcode}/?__a=1`)).body.graphql.shortcode_media.is_sensitive).toBe(false);
    expect((await mod.agent.post(`/api/v1/admin/accounts/${owner.user.id}/action/`, { type: 'sensitive', report_id: reportId })).status).toBe(200);
    expect((await reporter.agent.get(`/p/${media.shortcode}/?__a=1`)).body.graphql.shortcode_media.is_sensitive).toBe(true);
    expect((await mod.agent.post(`/api/v1/admin/accounts/${owner.user.id}/action/`, { type: 'sensitive', report_id: reportId })).status).toBe(409);
    // An id past the ids' range is refused by name, before any read.
    const tooBig = await mod.agent.post(`/api/v1/admin/accounts/${owner.user.id}/action/`, { type: 'none', report_id: '99999999999999999999' });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toContain('Ids are numbers.');
    expect((await mod.agent.get('/api/v1/admin/audit_log/?max_id=99999999999999999999')).status).toBe(400);

    const second = await postPhoto(owner.agent, 'fine');
    const other = await report(reporter, 'media', second.id, owner.user.id, ['spam']);
    expect((await mod.agent.post(`/api/v1/admin/reports/${other}/resolve/`)).body.report).toMatchObject({ action_taken: true });
    expect(await activity(reporter)).toContainEqual(expect.objectContaining({ type: 'report_reviewed', text: expect.stringContaining("doesn't go against our Community Guidelines") }));
    expect((await mod.agent.get('/api/v1/admin/reports/?resolved=true')).body.reports.map((r: { id: string }) => r.id)).toContain(other);
    expect((await mod.agent.post(`/api/v1/admin/reports/${other}/reopen/`)).status).toBe(200);
    expect((await mod.agent.get('/api/v1/admin/reports/')).body.reports.map((r: { id: string }) => r.id)).toContain(other);

    expect((await mod.agent.post(`/api/v1/admin/accounts/${owner.user.id}/action/`, { type: 'none', report_id: other, text: 'Mind the rules' })).status).toBe(200);
    const strikes = (await owner.agent.get('/api/v1/strikes/')).body.strikes.map((s: { action: string }) => s.action);
    expect(strikes).toEqual(['warn', 'sensitive']);
    expect((await mod.agent.post(`/api/v1/admin/accounts/${owner.user.id}/action/`, { type: 'banish' })).status).toBe(400);
    expect((await mod.agent.post(`/api/v1/admin/accounts/${mod.user.id}/action/`, { type: 'none' })).status).toBe(400);
    expect((await mod.agent.get('/api/v1/admin/reports/not-a-number/')).status).toBe(400);
    expect((await mod.agent.get('/api/v1/admin/reports/123/')).status).toBe(404);
  });

  it('a removed comment is gone from its post for everyone, its author too; the owner\'s strike names it; a rejected appeal leaves it gone and cannot be repeated', async () => {
    const mod = await moderator();
    const author = await person();
    const poster = await person();
    const reporter = await person();
    const media = await postPhoto(poster.agent, 'hi');
    const comment = (await author.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'buy followers at spam.example' })).body.comment;
    const commentIds = async (p: Person) => ((await p.agent.get(`/p/${media.shortcode}/?__a=1`)).body.graphql.shortcode_media.edge_media_to_parent_comment.edges as { node: { id: string } }[]).map((e) => e.node.id);
    const reportId = await report(reporter, 'comment', comment.id, author.user.id, ['spam']);
    const queued = (await mod.agent.get(`/api/v1/admin/reports/${reportId}/`)).body.report;
    expect(queued.thing).toMatchObject({ object_type: 'comment', text: 'buy followers at spam.example', url: `/p/${media.shortcode}/`, removed: false });
    expect((await mod.agent.post(`/api/v1/admin/reports/${reportId}/remove/`)).status).toBe(200);
    for (const viewer of [reporter, poster, author]) expect(await commentIds(viewer)).not.toContain(comment.id);
    expect((await mod.agent.post(`/api/v1/admin/reports/${reportId}/remove/`)).status).toBe(409);
    // Resolved, the report still names why its author is limited; a second warning of it is refused.
    expect((await mod.agent.post(`/api/v1/admin/accounts/${author.user.id}/action/`, { type: 'none', report_id: reportId })).status).toBe(409);
    expect((await mod.agent.post(`/api/v1/admin/accounts/${author.user.id}/action/`, { type: 'silence', report_id: reportId })).status).toBe(200);
    expect((await mod.agent.get(`/api/v1/admin/accounts/${author.user.id}/`)).body.account).toMatchObject({ limited: true });
    expect((await mod.agent.post(`/api/v1/admin/accounts/${author.user.id}/unsilence/`)).status).toBe(200);
    const strike = ((await author.agent.get('/api/v1/strikes/')).body.strikes as { id: string; action: string }[]).find((s) => s.action === 'remove')!;
    expect(strike).toMatchObject({ action: 'remove', rule: expect.any(String), thing: { object_type: 'comment', removed: true } });
    const notices = (await activity(author)).filter((e: { type: string }) => e.type === 'strike').map((e: { text: string }) => e.text);
    expect(notices).toContainEqual(expect.stringContaining('We removed your comment'));
    expect(notices).toContainEqual(expect.stringContaining('We limited your account'));
    await author.agent.post(`/api/v1/strikes/${strike.id}/appeal/`, { text: 'It was a joke' });
    expect((await mod.agent.post(`/api/v1/admin/appeals/${strike.id}/reject/`)).body.strike.appeal.state).toBe('rejected');
    expect(await commentIds(reporter)).not.toContain(comment.id);
    expect((await author.agent.post(`/api/v1/strikes/${strike.id}/appeal/`, { text: 'Again' })).status).toBe(400);
  });
});

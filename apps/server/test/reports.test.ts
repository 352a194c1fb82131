import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FRX_BUTTON_ACTION, FRX_GUIDED_ACTION_PATH, FRX_LOG_TAG_PATH, FRX_PROMPT_PATH, FRX_REQUEST, FRX_SCREEN, FRX_TAG_STYLE,
  PROBLEM_REPORT_MAX_CHARS, PROBLEM_REPORT_PATH, REPORT_LIMITS, type FrxScreen, type ReportObjectType,
} from '@shutter/contract';
import type { Direct } from '../src/features/direct/service.js';
import { createReportsRepository } from '../src/features/reports/repository.js';
import { createReports } from '../src/features/reports/service.js';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { directOver } from './helpers/direct.js';
import { follow, makePrivate } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { insertStory } from './helpers/stories.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let direct: Direct;
beforeAll(async () => {
  t = await createTestApp();
  ({ direct } = directOver(t));
});
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);
const reports = () => createReports(createReportsRepository(t.db));

interface Step { object_type: ReportObjectType; object_id: string; context?: string }
const ask = (agent: Agent, body: Record<string, string>) => agent.post(FRX_PROMPT_PATH, body);
const start = (p: Person, type: ReportObjectType, id: string) => ask(p.agent, { object_type: type, object_id: id, frx_prompt_request_type: '1' });
const submit = (p: Person, s: Step, tags: string[], context = s.context ?? '') =>
  ask(p.agent, { object_type: s.object_type, object_id: s.object_id, frx_prompt_request_type: '2', selected_tag_types: JSON.stringify(tags), context });

/** Starts a report and answers each screen with these reasons; the last screen's answer. */
async function report(p: Person, type: ReportObjectType, id: string, tags: string[]) {
  let res = await start(p, type, id);
  for (const tag of tags) {
    if (res.status !== 200) return res;
    res = await submit(p, { object_type: type, object_id: id }, [tag], res.body.response.context);
  }
  return res;
}
const screenOf = (res: { body: { response: FrxScreen } }) => res.body.response;

async function openReportOf(type: string, id: string) {
  return t.db.selectFrom('reports').selectAll().where('object_type', '=', type).where('object_id', '=', id).where('resolved_at', 'is', null).executeTakeFirst();
}

describe(`the reporting screens (${databaseKind})`, () => {
  it('R-001-reporting-1, R-001-reporting-3, R-001-reporting-6: a post starts with a list of reasons; a narrowing reason answers radio buttons; a final one the confirmation', async () => {
    const [owner, viewer] = [await person(), await person()];
    const media = await postPhoto(owner.agent, 'report me');
    const first = await start(viewer, 'media', media.id);
    expect(first.status).toBe(200);
    expect(screenOf(first)).toMatchObject({
      screen_type: FRX_SCREEN.tagSelection, tag_style: FRX_TAG_STYLE.list, next_request_type: FRX_REQUEST.submit,
      title: 'Why are you reporting this post?', problem_report_path: PROBLEM_REPORT_PATH,
    });
    const tags = screenOf(first).tags!.map((x) => x.tag_type);
    expect(tags).toEqual(expect.arrayContaining(['spam', 'nudity', 'hate_speech', 'violence', 'bullying', 'illegal_goods', 'intellectual_property', 'self_injury', 'scam', 'false_information']));
    expect(tags).not.toContain('impersonation');

    const step = { object_type: 'media' as const, object_id: media.id };
    const narrow = await submit(viewer, step, ['hate_speech'], screenOf(first).context);
    expect(screenOf(narrow)).toMatchObject({ screen_type: FRX_SCREEN.tagSelection, tag_style: FRX_TAG_STYLE.radioButtons, next_request_type: FRX_REQUEST.submit });
    expect(screenOf(narrow).buttons).toEqual([{ action: FRX_BUTTON_ACTION.back, text: 'Back' }]);
    // The path so far may be sent before this screen's choice, as the client keeps it.
    const done = await submit(viewer, step, ['hate_speech', 'hate_speech_religion'], screenOf(narrow).context);
    expect(screenOf(done)).toMatchObject({ screen_type: FRX_SCREEN.confirmation, next_request_type: null, title: 'Thanks for letting us know' });
    expect(screenOf(done).buttons).toEqual([
      { action: FRX_BUTTON_ACTION.affirmative, text: `Block ${owner.user.username}`, guided_action: 'block' },
      { action: FRX_BUTTON_ACTION.negative, text: 'Close' },
    ]);
    const filed = await openReportOf('media', media.id);
    expect(filed).toMatchObject({ target_user_id: owner.user.id, resolved_by: null });
    const entries = await t.db.selectFrom('report_entries').selectAll().where('report_id', '=', filed!.id).execute();
    expect(entries).toMatchObject([{ reporter_id: viewer.user.id, tags: ['hate_speech', 'hate_speech_religion'], victim: null }]);
    // Going back (the client pops its stack) answers the earlier screen again, with that screen's context.
    const back = await submit(viewer, step, ['hate_speech', 'spam'], screenOf(first).context);
    expect(screenOf(back).screen_type).toBe(FRX_SCREEN.confirmation);
    expect(await t.db.selectFrom('report_entries').select(['reporter_id', 'tags']).where('report_id', '=', filed!.id).execute()).toEqual([{ reporter_id: viewer.user.id, tags: ['spam'] }]);
    // Reports alone hide nothing.
    expect((await viewer.agent.get(`/p/${media.shortcode}/?__a=1`)).status).toBe(200);
  });

  it('R-001-reporting-2, R-001-reporting-4, R-001-reporting-6: select victim answers with request 3, policy education with request 4; a followed owner may be unfollowed', async () => {
    const [owner, viewer] = [await person(), await person()];
    await follow(t.db, viewer.user.id, owner.user.id);
    const media = await postPhoto(owner.agent, 'bully');
    const step = { object_type: 'media' as const, object_id: media.id };

    const victims = await report(viewer, 'media', media.id, ['bullying']);
    expect(screenOf(victims)).toMatchObject({ screen_type: FRX_SCREEN.selectVictim, next_request_type: FRX_REQUEST.selectVictim });
    expect(screenOf(victims).victims!.map((v) => v.tag_type)).toEqual(['me', 'someone_i_know', 'someone_else']);
    const missing = await ask(viewer.agent, { ...step, frx_prompt_request_type: '3', context: screenOf(victims).context });
    expect(missing.status).toBe(400);
    const filed = await ask(viewer.agent, { ...step, frx_prompt_request_type: String(FRX_REQUEST.selectVictim), context: screenOf(victims).context, victim: 'me' });
    expect(screenOf(filed)).toMatchObject({ screen_type: FRX_SCREEN.confirmation, next_request_type: null });
    expect(screenOf(filed).buttons!.map((b) => [b.action, b.guided_action ?? null])).toEqual([
      [FRX_BUTTON_ACTION.affirmative, 'unfollow'], [FRX_BUTTON_ACTION.affirmative, 'block'], [FRX_BUTTON_ACTION.negative, null],
    ]);
    expect(screenOf(filed).buttons![0]!.text).toBe(`Unfollow ${owner.user.username}`);

    const education = await report(viewer, 'media', media.id, ['self_injury']);
    expect(screenOf(education)).toMatchObject({ screen_type: FRX_SCREEN.policyEducation, next_request_type: FRX_REQUEST.policyEducation });
    expect(screenOf(education).body!.length).toBeGreaterThan(0);
    expect(screenOf(education).buttons!.map((b) => b.action)).toEqual([FRX_BUTTON_ACTION.redirect, FRX_BUTTON_ACTION.affirmative, FRX_BUTTON_ACTION.back]);
    expect(screenOf(education).buttons![0]!.url).toMatch(/^https:\/\//);
    // A submit does not answer a policy education screen.
    expect((await submit(viewer, step, ['spam'], screenOf(education).context)).status).toBe(400);
    const after = await ask(viewer.agent, { ...step, frx_prompt_request_type: String(FRX_REQUEST.policyEducation), context: screenOf(education).context });
    expect(screenOf(after).screen_type).toBe(FRX_SCREEN.confirmation);
    // The confirmation's context ends the flow.
    expect((await ask(viewer.agent, { ...step, frx_prompt_request_type: '4', context: screenOf(after).context })).status).toBe(400);

    const entry = await t.db.selectFrom('report_entries').select(['tags', 'victim']).where('reporter_id', '=', viewer.user.id).executeTakeFirstOrThrow();
    expect(entry).toEqual({ tags: ['self_injury'], victim: null });
  });

  it('offers the reasons of each type: a person can be reported as an impersonator or as under 13, a message as disliked', async () => {
    const [a, b] = [await person(), await person()];
    const tagsOf = async (type: ReportObjectType, id: string) => screenOf(await start(a, type, id)).tags!.map((x) => x.tag_type);
    const userTags = await tagsOf('user', b.user.id);
    expect(userTags).toEqual(expect.arrayContaining(['impersonation', 'under_13']));
    expect(userTags).not.toContain('dont_like');
    expect(screenOf(await start(a, 'user', b.user.id)).title).toBe('Why are you reporting this account?');
    const impersonation = await report(a, 'user', b.user.id, ['impersonation']);
    expect(screenOf(impersonation).screen_type).toBe(FRX_SCREEN.selectVictim);
    const { threadId } = await direct.createThread(a.user.id, [b.user.id]);
    const sent = await direct.deliver(b.user.id, threadId, { type: 'text', text: 'hey' }, null);
    expect(await tagsOf('direct_message', sent.item_id)).toContain('dont_like');
  });
});

describe(`filing (${databaseKind})`, () => {
  it('a person reporting one thing twice counts once (their reasons are the latest); two people count two', async () => {
    const [owner, a, b] = [await person(), await person(), await person()];
    const media = await postPhoto(owner.agent, 'twice');
    await report(a, 'media', media.id, ['spam']);
    await report(a, 'media', media.id, ['scam']);
    let row = (await reports().list({ resolved: false, limit: 50 })).rows.find((r) => r.object_id === media.id)!;
    expect(row).toMatchObject({ object_type: 'media', target_user_id: owner.user.id, reporter_count: 1, reasons: [{ tag_type: 'scam', tag_text: 'Scam or fraud', count: 1 }] });
    await report(b, 'media', media.id, ['hate_speech', 'hate_speech_race']);
    row = (await reports().get(row.id))!;
    expect(row.reporter_count).toBe(2);
    expect(row.reasons).toEqual(expect.arrayContaining([
      { tag_type: 'scam', tag_text: 'Scam or fraud', count: 1 },
      { tag_type: 'hate_speech_race', tag_text: 'Hate speech or symbols: Race or ethnicity', count: 1 },
    ]));
  });

  it('a resolved report stays in the history; a new report of the thing opens another; reopening the old one then conflicts', async () => {
    const [owner, a, mod] = [await person(), await person(), await person()];
    const media = await postPhoto(owner.agent, 'again');
    await report(a, 'media', media.id, ['spam']);
    const first = (await openReportOf('media', media.id))!;
    expect(await reports().resolve(first.id, mod.user.id)).toEqual({ reporterIds: [a.user.id] });
    expect(await reports().resolve(first.id, mod.user.id)).toBeNull();
    expect((await reports().list({ resolved: true, limit: 50 })).rows.map((r) => r.id)).toContain(first.id);
    await report(a, 'media', media.id, ['nudity', 'nudity_adult']);
    const second = (await openReportOf('media', media.id))!;
    expect(second.id).not.toBe(first.id);
    expect((await reports().earlierOf('media', media.id)).map((r) => r.id)).toEqual([first.id]);
    await expect(reports().reopen(first.id)).rejects.toMatchObject({ statusCode: 409 });
    expect(await reports().reopen(second.id)).toBe(false);
    expect(await reports().resolve(second.id, mod.user.id)).not.toBeNull();
    expect(await reports().reopen(first.id)).toBe(true);
    expect((await reports().openCountAbout([owner.user.id])).get(owner.user.id)).toBe(1);
  });

  it('pages the queue newest first by max_id', async () => {
    const [owner, a] = [await person(), await person()];
    for (let i = 0; i < 3; i += 1) await report(a, 'media', (await postPhoto(owner.agent, `p${i}`)).id, ['spam']);
    const all = (await reports().list({ resolved: false, limit: 500 })).rows.map((r) => r.id);
    const first = await reports().list({ resolved: false, limit: 2 });
    expect(first.rows.map((r) => r.id)).toEqual(all.slice(0, 2));
    const next = await reports().list({ resolved: false, limit: 2, maxId: first.nextMaxId! });
    expect(next.rows.map((r) => r.id)).toEqual(all.slice(2, 4));
  });

  it('files comments, stories and direct messages against their authors', async () => {
    const [owner, a] = [await person(), await person()];
    const media = await postPhoto(owner.agent, 'with comments');
    const comment = (await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'mean words' })).body.comment;
    expect(screenOf(await report(a, 'comment', comment.id, ['bullying'])).screen_type).toBe(FRX_SCREEN.selectVictim);
    expect(screenOf(await report(a, 'comment', comment.id, ['spam'])).screen_type).toBe(FRX_SCREEN.confirmation);
    const story = await insertStory(t, owner.user.id);
    expect(screenOf(await report(a, 'story', story.id, ['false_information'])).screen_type).toBe(FRX_SCREEN.policyEducation);
    expect(screenOf(await report(a, 'story', story.id, ['scam'])).screen_type).toBe(FRX_SCREEN.confirmation);
    const { threadId } = await direct.createThread(a.user.id, [owner.user.id]);
    const sent = await direct.deliver(owner.user.id, threadId, { type: 'text', text: 'buy now' }, null);
    expect(screenOf(await report(a, 'direct_message', sent.item_id, ['dont_like'])).screen_type).toBe(FRX_SCREEN.confirmation);
    for (const [type, id] of [['comment', comment.id], ['story', story.id], ['direct_message', sent.item_id]] as const) {
      expect(await openReportOf(type, id)).toMatchObject({ target_user_id: owner.user.id });
    }
  });

  it(`refuses more than ${REPORT_LIMITS.hour.max} reports an hour with a 429`, async () => {
    const [owner, a] = [await person(), await person()];
    const media = await postPhoto(owner.agent, 'limit');
    for (let i = 0; i < REPORT_LIMITS.hour.max; i += 1) expect((await report(a, 'media', media.id, ['spam'])).status).toBe(200);
    const refused = await report(a, 'media', media.id, ['spam']);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 'fail', message: expect.stringMatching(/^You're reporting too quickly/) });
    // Starting and choosing are not filing: only the last step is limited.
    expect((await start(a, 'media', media.id)).status).toBe(200);
    // Another person has their own budget.
    expect((await report(await person(), 'media', media.id, ['spam'])).status).toBe(200);
  });
});

describe(`refusals (${databaseKind})`, () => {
  it('a tampered, foreign or misplaced context, an unknown reason or a bad field answers 400', async () => {
    const [owner, a, b] = [await person(), await person(), await person()];
    const [one, two] = [await postPhoto(owner.agent, 'one'), await postPhoto(owner.agent, 'two')];
    const ctx = screenOf(await start(a, 'media', one.id)).context;
    const step = { object_type: 'media' as const, object_id: one.id };
    const [payload, mac] = ctx.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), id: two.id })).toString('base64url');
    for (const bad of [`${payload}.${mac.slice(0, -2)}xx`, `${forged}.${mac}`, 'garbage', `${payload}`]) {
      const res = await submit(a, step, ['spam'], bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.status).toBe('fail');
    }
    expect((await submit(a, { object_type: 'media', object_id: two.id }, ['spam'], ctx)).body.message).toMatch(/another post/);
    expect((await submit(b, step, ['spam'], ctx)).status).toBe(400);
    expect((await submit(a, step, [], ctx)).status).toBe(400);
    expect((await submit(a, step, ['impersonation'], ctx)).status).toBe(400);
    expect((await submit(a, step, ['hate_speech_race'], ctx)).status).toBe(400);
    // The earlier choices come from the context, whatever the client lists before this screen's choice.
    expect((await submit(a, step, ['hate_speech', 'hate_speech_race'], ctx)).status).toBe(400);
    expect((await ask(a.agent, { ...step, frx_prompt_request_type: '2', selected_tag_types: '[spam', context: ctx })).status).toBe(400);
    expect((await ask(a.agent, { ...step, frx_prompt_request_type: '7' })).status).toBe(400);
    expect((await ask(a.agent, { ...step, frx_prompt_request_type: '3', context: ctx, victim: 'me' })).status).toBe(400);
    expect((await ask(a.agent, { object_type: 'media', object_id: 'abc', frx_prompt_request_type: '1' })).status).toBe(400);
    expect((await ask(a.agent, { object_type: 'hashtag', object_id: one.id, frx_prompt_request_type: '1' })).status).toBe(400);
    expect((await submit(a, step, ['spam'])).status).toBe(400);
    expect(await openReportOf('media', one.id)).toBeUndefined();
  });

  it('reporting one\'s own post, account, comment or message answers 400', async () => {
    const [a, b] = [await person(), await person()];
    const media = await postPhoto(a.agent, 'mine');
    const comment = (await a.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'mine too' })).body.comment;
    const own = await start(a, 'media', media.id);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe("You can't report your own post.");
    expect((await start(a, 'user', a.user.id)).body.message).toBe("You can't report your own account.");
    expect((await start(a, 'comment', comment.id)).status).toBe(400);
    const { threadId } = await direct.createThread(a.user.id, [b.user.id]);
    const sent = await direct.deliver(a.user.id, threadId, { type: 'text', text: 'mine' }, null);
    expect((await start(a, 'direct_message', sent.item_id)).status).toBe(400);
  });

  it('what the reporter may not see answers 404, as if it did not exist; a visitor gets 401', async () => {
    const [owner, stranger, member, outsider] = [await person(), await person(), await person(), await person()];
    const media = await postPhoto(owner.agent, 'private soon');
    const comment = (await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'hidden' })).body.comment;
    const story = await insertStory(t, owner.user.id);
    await makePrivate(t.db, owner.user.id);
    expect((await start(stranger, 'media', media.id)).status).toBe(404);
    expect((await start(stranger, 'comment', comment.id)).status).toBe(404);
    expect((await start(stranger, 'story', story.id)).status).toBe(404);
    expect((await start(stranger, 'media', '123456789')).status).toBe(404);
    expect((await start(stranger, 'user', '123456789')).status).toBe(404);
    // A private account itself may be reported (its header shows); its things may not.
    expect((await start(stranger, 'user', owner.user.id)).status).toBe(200);
    // A context from before the account went private files nothing after.
    await follow(t.db, member.user.id, owner.user.id);
    const ctx = screenOf(await start(member, 'media', media.id)).context;
    await t.db.deleteFrom('follows').where('follower_id', '=', member.user.id).where('followee_id', '=', owner.user.id).execute();
    expect((await submit(member, { object_type: 'media', object_id: media.id }, ['spam'], ctx)).status).toBe(404);

    // Someone who blocked the reporter does not exist for them.
    await owner.agent.post(`/web/friendships/${outsider.user.id}/block/`);
    expect((await start(outsider, 'user', owner.user.id)).status).toBe(404);

    const { threadId } = await direct.createThread(owner.user.id, [member.user.id]);
    const sent = await direct.deliver(owner.user.id, threadId, { type: 'text', text: 'between us' }, null);
    expect((await start(stranger, 'direct_message', sent.item_id)).status).toBe(404);
    expect((await start(member, 'direct_message', sent.item_id)).status).toBe(200);

    const visitor = new Agent(t.app);
    expect((await ask(visitor, { object_type: 'user', object_id: owner.user.id, frx_prompt_request_type: '1' })).status).toBe(401);
    expect((await visitor.post(PROBLEM_REPORT_PATH, { text: 'hi' })).status).toBe(401);
    expect((await member.agent.post(FRX_PROMPT_PATH, { object_type: 'user', object_id: owner.user.id, frx_prompt_request_type: '1' }, { csrf: false })).status).toBe(403);
  });
});

describe(`follow-ups and logs (${databaseKind})`, () => {
  it('R-001-reporting-14: a reason picked is logged; an unknown one or a forged context answers 400', async () => {
    const [owner, a] = [await person(), await person()];
    const media = await postPhoto(owner.agent, 'log');
    const context = screenOf(await start(a, 'media', media.id)).context;
    const body = { object_type: 'media', object_id: media.id, context };
    expect((await a.agent.post(FRX_LOG_TAG_PATH, { ...body, tag_type: 'hate_speech' })).body).toEqual({ status: 'ok' });
    expect((await a.agent.post(FRX_LOG_TAG_PATH, { ...body, tag_type: 'hate_speech_religion' })).body).toEqual({ status: 'ok' });
    expect((await a.agent.post(FRX_LOG_TAG_PATH, { ...body, tag_type: 'no_such_reason' })).status).toBe(400);
    expect((await a.agent.post(FRX_LOG_TAG_PATH, { ...body, tag_type: 'under_13' })).status).toBe(400);
    expect((await a.agent.post(FRX_LOG_TAG_PATH, { ...body, context: 'forged.mac', tag_type: 'spam' })).status).toBe(400);
    expect(await openReportOf('media', media.id)).toBeUndefined();
  });

  it('R-001-reporting-15: the guided actions unfollow and block the owner of the reported thing', async () => {
    const [owner, a] = [await person(), await person()];
    await follow(t.db, a.user.id, owner.user.id);
    const media = await postPhoto(owner.agent, 'follow-ups');
    const context = screenOf(await report(a, 'media', media.id, ['spam'])).context;
    const body = { object_type: 'media', object_id: media.id, context };
    const follows = () => t.db.selectFrom('follows').select('id').where('follower_id', '=', a.user.id).where('followee_id', '=', owner.user.id).execute();
    const blocks = () => t.db.selectFrom('blocks').select('id').where('blocker_id', '=', a.user.id).where('blocked_id', '=', owner.user.id).execute();

    expect((await a.agent.post(FRX_GUIDED_ACTION_PATH, { ...body, action: 'restrict' })).status).toBe(400);
    expect((await a.agent.post(FRX_GUIDED_ACTION_PATH, { ...body, action: 'fly' })).status).toBe(400);
    expect((await a.agent.post(FRX_GUIDED_ACTION_PATH, { ...body, context: `${context}x`, action: 'block' })).status).toBe(400);
    expect(await blocks()).toHaveLength(0);

    expect((await a.agent.post(FRX_GUIDED_ACTION_PATH, { ...body, action: 'unfollow' })).body).toEqual({ action: 'unfollow', user_id: owner.user.id, status: 'ok' });
    expect(await follows()).toHaveLength(0);
    expect((await a.agent.post(FRX_GUIDED_ACTION_PATH, { ...body, action: 'block' })).body).toEqual({ action: 'block', user_id: owner.user.id, status: 'ok' });
    expect(await blocks()).toHaveLength(1);
    expect((await a.agent.get(`/p/${media.shortcode}/?__a=1`)).status).toBe(404);
  });

  it('R-001-reporting-16: a problem report is taken, within its length and pace', async () => {
    const a = await person();
    expect((await a.agent.post(PROBLEM_REPORT_PATH, { text: 'The report screen froze', path: '/p/abc/' })).body).toEqual({ status: 'ok' });
    expect((await a.agent.post(PROBLEM_REPORT_PATH, { text: '   ' })).status).toBe(400);
    expect((await a.agent.post(PROBLEM_REPORT_PATH, { text: 'x'.repeat(PROBLEM_REPORT_MAX_CHARS + 1) })).status).toBe(400);
    // Without SUPPORT_EMAIL nothing is mailed.
    expect(await t.db.selectFrom('outbox').select('id').where('subject', 'like', 'Problem reported%').execute()).toHaveLength(0);
  });
});

describe(`operator switches (${databaseKind})`, () => {
  let off: TestApp;
  beforeAll(async () => { off = await createTestApp({ env: { REPORTING_STORY: 'false', REPORTING_DIRECT_MESSAGE: '0', SUPPORT_EMAIL: 'support@shutter.example' } }); });
  afterAll(async () => { await off.close(); });

  it('R-001-reporting-13: each type is reported only while its switch is on; the shared data tells which', async () => {
    const [owner, a] = [await signedUpAgent(off.app), await signedUpAgent(off.app)];
    const story = await insertStory(off, owner.user.id);
    const refused = await a.agent.post(FRX_PROMPT_PATH, { object_type: 'story', object_id: story.id, frx_prompt_request_type: '1' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 'fail', error_type: 'reporting_disabled' });
    expect((await a.agent.post(FRX_PROMPT_PATH, { object_type: 'user', object_id: owner.user.id, frx_prompt_request_type: '1' })).status).toBe(200);
    expect((await a.agent.get('/data/shared_data/')).body.reporting).toEqual({ media: true, user: true, comment: true, story: false, direct_message: false });
    expect((await a.agent.get('/data/shared_data/')).body.reporting).toBeDefined();
    expect((await new Agent(t.app).get('/data/shared_data/')).body.reporting).toEqual({ media: true, user: true, comment: true, story: true, direct_message: true });
  });

  it('R-001-reporting-16: with SUPPORT_EMAIL a problem report is mailed there', async () => {
    const a = await signedUpAgent(off.app);
    expect((await a.agent.post(PROBLEM_REPORT_PATH, { text: 'Uploads fail on my phone', path: '/create/style/' })).status).toBe(200);
    const mail = await off.db.selectFrom('outbox').select(['recipient', 'subject', 'body']).where('recipient', '=', 'support@shutter.example').executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Problem reported by @${a.user.username}`);
    expect(mail.body).toContain('Uploads fail on my phone');
    expect(mail.body).toContain('/create/style/');
  });
});

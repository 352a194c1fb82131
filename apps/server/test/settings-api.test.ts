import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_FILTER_SET_PATH, COMMENT_KEYWORD_MAX_CHARS, COMMENT_KEYWORDS_MAX, EMAIL_PREFERENCE_NAMES, EMAIL_PREFERENCES_SET_PATH, EMAILS_SENT_DAYS,
  PRIVACY_SET_PATH, PUSH_PREFERENCE_NAMES, PUSH_PREFERENCES_SET_PATH,
} from '@shutter/contract';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);
const page = async (agent: Agent, path: string) => {
  const res = await agent.get(`${path}?__a=1`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe(`privacy and security settings (${databaseKind})`, () => {
  it('R-001-settings-1: the page shows the viewer\'s own defaults, and a save answers every current value', async () => {
    const ana = await person();
    expect(await page(ana.agent, '/accounts/privacy_and_security/')).toEqual({
      presence_disabled: false, usertags_from: 'everyone', mentions_from: 'everyone', story_sharing: true, is_private: false, status: 'ok',
    });
    const form = await ana.agent.post(PRIVACY_SET_PATH, { presence_disabled: 'true', mentions_from: 'following' });
    expect(form.status, form.text).toBe(200);
    expect(form.body).toEqual({ presence_disabled: true, usertags_from: 'everyone', mentions_from: 'following', story_sharing: true, status: 'ok' });
    const json = await ana.agent.postJson(PRIVACY_SET_PATH, { story_sharing: false, usertags_from: 'none' });
    expect(json.body).toEqual({ presence_disabled: true, usertags_from: 'none', mentions_from: 'following', story_sharing: false, status: 'ok' });
    expect(await page(ana.agent, '/accounts/privacy_and_security/')).toMatchObject({ presence_disabled: true, usertags_from: 'none', mentions_from: 'following', story_sharing: false });
  });

  it('R-001-settings-1: one person\'s saves never touch another\'s settings, and a logged-out visitor can neither read nor save', async () => {
    const [ana, ben] = [await person(), await person()];
    await ana.agent.post(PRIVACY_SET_PATH, { mentions_from: 'none' });
    expect(await page(ben.agent, '/accounts/privacy_and_security/')).toMatchObject({ mentions_from: 'everyone' });
    const visitor = new Agent(t.app);
    expect((await visitor.post(PRIVACY_SET_PATH, { mentions_from: 'none' })).status).toBe(401);
    expect((await visitor.get('/accounts/privacy_and_security/?__a=1')).status).not.toBe(200);
    // A save without the CSRF header is refused like every write.
    expect((await ana.agent.post(PRIVACY_SET_PATH, { mentions_from: 'everyone' }, { csrf: false })).status).toBe(403);
    expect(await page(ana.agent, '/accounts/privacy_and_security/')).toMatchObject({ mentions_from: 'none' });
  });

  it('refuses unknown values and an empty save with a 400', async () => {
    const ana = await person();
    for (const body of [{ mentions_from: 'friends' }, { usertags_from: '' }, { presence_disabled: 'maybe' }, {}]) {
      const res = await ana.agent.post(PRIVACY_SET_PATH, body as Record<string, string>);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe('fail');
      expect(res.body.message).toBeTruthy();
    }
    expect((await ana.agent.request('POST', PRIVACY_SET_PATH, { raw: '{"mentions_from":', contentType: 'application/json' })).status).toBe(400);
  });
});

describe(`comment filter settings (${databaseKind})`, () => {
  it('R-001-settings-10: config_value 1 turns the filter on and 0 off; keywords are trimmed and kept once', async () => {
    const ana = await person();
    expect(await page(ana.agent, '/accounts/comment_filter/')).toEqual({ config_value: 0, keywords: [], status: 'ok' });
    const on = await ana.agent.post(COMMENT_FILTER_SET_PATH, { config_value: '1' });
    expect(on.body).toEqual({ config_value: 1, keywords: [], status: 'ok' });
    const words = await ana.agent.post(COMMENT_FILTER_SET_PATH, { keywords: ' spoiler , Ugly Duck,spoiler,, SPOILER ,ugly   duck ' });
    expect(words.status, words.text).toBe(200);
    expect(words.body).toEqual({ config_value: 1, keywords: ['spoiler', 'Ugly Duck'], status: 'ok' });
    expect((await ana.agent.postJson(COMMENT_FILTER_SET_PATH, { config_value: 0 })).body).toEqual({ config_value: 0, keywords: ['spoiler', 'Ugly Duck'], status: 'ok' });
    expect(await page(ana.agent, '/accounts/comment_filter/')).toEqual({ config_value: 0, keywords: ['spoiler', 'Ugly Duck'], status: 'ok' });
    expect((await ana.agent.post(COMMENT_FILTER_SET_PATH, { keywords: '' })).body.keywords).toEqual([]);
  });

  it('R-001-settings-13: too many or too long keywords are refused with a clear message, and nothing changes', async () => {
    const ana = await person();
    await ana.agent.post(COMMENT_FILTER_SET_PATH, { keywords: 'kept' });
    const many = await ana.agent.post(COMMENT_FILTER_SET_PATH, { keywords: Array.from({ length: COMMENT_KEYWORDS_MAX + 1 }, (_, i) => `w${i}`).join(',') });
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(new RegExp(`at most ${COMMENT_KEYWORDS_MAX} keywords`));
    const long = await ana.agent.post(COMMENT_FILTER_SET_PATH, { keywords: `ok, ${'x'.repeat(COMMENT_KEYWORD_MAX_CHARS + 1)}` });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(new RegExp(`at most ${COMMENT_KEYWORD_MAX_CHARS} characters`));
    expect(long.body.errors.keywords[0]).toBe(long.body.message);
    for (const body of [{ config_value: '2' }, { config_value: 'on' }, {}] as Record<string, string>[]) {
      expect((await ana.agent.post(COMMENT_FILTER_SET_PATH, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await ana.agent.post(COMMENT_FILTER_SET_PATH, { keywords: 'x'.repeat(7000) })).status).toBe(400);
    expect(await page(ana.agent, '/accounts/comment_filter/')).toMatchObject({ config_value: 0, keywords: ['kept'] });
    expect((await new Agent(t.app).post(COMMENT_FILTER_SET_PATH, { config_value: '1' })).status).toBe(401);
  });
});

describe(`email and push preferences (${databaseKind})`, () => {
  it('R-001-settings-9: every email preference starts subscribed (checked 2); 0 unsubscribes one and leaves the others', async () => {
    const ana = await person();
    const before = await page(ana.agent, '/emails/notifications/');
    expect(before.email_settings).toEqual(EMAIL_PREFERENCE_NAMES.map((name) => ({ name, checked: 2 })));
    const off = await ana.agent.post(EMAIL_PREFERENCES_SET_PATH, { name: 'news', checked: '0' });
    expect(off.body).toEqual({ name: 'news', checked: 0, status: 'ok' });
    await ana.agent.postJson(EMAIL_PREFERENCES_SET_PATH, { name: 'product', checked: 0 });
    await ana.agent.postJson(EMAIL_PREFERENCES_SET_PATH, { name: 'product', checked: 2 });
    const after = await page(ana.agent, '/emails/notifications/');
    expect(after.email_settings.find((p: { name: string }) => p.name === 'news').checked).toBe(0);
    expect(after.email_settings.filter((p: { checked: number }) => p.checked === 2)).toHaveLength(EMAIL_PREFERENCE_NAMES.length - 1);
    for (const body of [{ name: 'news', checked: '1' }, { name: 'spam', checked: '2' }, { name: 'news' }] as Record<string, string>[]) {
      expect((await ana.agent.post(EMAIL_PREFERENCES_SET_PATH, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('push preferences offer their own choices; a choice a preference does not offer is a 400', async () => {
    const ana = await person();
    const before = await page(ana.agent, '/emails/notifications/');
    expect(before.push_settings.map((p: { name: string }) => p.name)).toEqual(PUSH_PREFERENCE_NAMES);
    expect(before.push_settings.find((p: { name: string }) => p.name === 'likes')).toEqual({ name: 'likes', options: ['off', 'following', 'everyone'], checked: 'everyone' });
    const set = await ana.agent.post(PUSH_PREFERENCES_SET_PATH, { name: 'likes', checked: 'following' });
    expect(set.body).toEqual({ name: 'likes', checked: 'following', status: 'ok' });
    await ana.agent.post(PUSH_PREFERENCES_SET_PATH, { name: 'direct', checked: 'off' });
    const after = await page(ana.agent, '/emails/notifications/');
    expect(after.push_settings.find((p: { name: string }) => p.name === 'likes').checked).toBe('following');
    expect(after.push_settings.find((p: { name: string }) => p.name === 'direct').checked).toBe('off');
    const notOffered = await ana.agent.post(PUSH_PREFERENCES_SET_PATH, { name: 'follows', checked: 'following' });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.message).toMatch(/follows is one of off, everyone/);
    expect((await ana.agent.post(PUSH_PREFERENCES_SET_PATH, { name: 'likes', checked: 'sometimes' })).status).toBe(400);
    expect((await new Agent(t.app).post(PUSH_PREFERENCES_SET_PATH, { name: 'likes', checked: 'off' })).status).toBe(401);
    const ben = await person();
    expect((await page(ben.agent, '/emails/notifications/')).push_settings.find((p: { name: string }) => p.name === 'likes').checked).toBe('everyone');
  });
});

describe(`emails from us (${databaseKind})`, () => {
  it(`lists the mails of the last ${EMAILS_SENT_DAYS} days sent to the viewer alone, security ones apart, older unmarked mails by address`, async () => {
    const ana = await person();
    const ben = await person();
    // Signing up sent a confirmation link: a security mail.
    let sent = await page(ana.agent, '/emails/emails_sent/');
    expect(sent.days).toBe(EMAILS_SENT_DAYS);
    expect(sent.security.map((m: { subject: string }) => m.subject)).toContain('Confirm your email address for Shutter');
    expect(sent.security.every((m: { recipient: string }) => m.recipient === ana.user.email)).toBe(true);
    // A password reset is one too.
    await new Agent(t.app).post('/accounts/account_recovery_send_ajax/', { email_or_username: ana.user.username });
    const old = new Date(Date.now() - (EMAILS_SENT_DAYS + 1) * 86_400_000);
    await t.db.insertInto('outbox').values([
      { id: '9000000000000001', channel: 'email', recipient: ana.user.email.toUpperCase(), subject: 'What is new on Shutter', body: 'news' },
      { id: '9000000000000002', channel: 'email', recipient: ana.user.email, subject: 'Long ago', body: 'old', created_at: old },
      { id: '9000000000000003', channel: 'email', recipient: ben.user.email, subject: 'For Ben', body: 'b', user_id: ben.user.id, kind: 'other' },
    ]).execute();
    sent = await page(ana.agent, '/emails/emails_sent/');
    expect(sent.security.map((m: { subject: string }) => m.subject)).toContain('Reset your Shutter password');
    const subjects = [...sent.security, ...sent.other].map((m: { subject: string }) => m.subject);
    expect(sent.other.map((m: { subject: string }) => m.subject)).toEqual(['What is new on Shutter']);
    expect(subjects).not.toContain('Long ago');
    expect(subjects).not.toContain('For Ben');
    expect((await new Agent(t.app).get('/emails/emails_sent/?__a=1')).status).not.toBe(200);
  });
});

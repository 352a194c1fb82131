import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_LIMIT, FOLLOW_LIMIT, LOGIN_LIMIT_PER_IP, MENTIONS_NOTIFIED_MAX, PASSWORD_RESET_LIMIT_PER_EMAIL, PASSWORD_RESET_LIMIT_PER_IP,
  SIGNUP_CHECK_LIMIT_PER_IP, SIGNUP_LIMIT_PER_IP, UPLOAD_LIMIT,
} from '@shutter/contract';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { makeJpeg, multipart, newUploadId, postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const PLAIN_RETRY = /^Please wait (a minute|\d+ minutes|an hour|\d+ hours) before you try again\.$/;

async function person(ip?: string) {
  const agent = new Agent(t.app, undefined, ip);
  return { agent, user: await signUp(agent) };
}

/** Another browser of the same account, from another address. */
function sameAccountElsewhere(agent: Agent, ip: string): Agent {
  const other = new Agent(t.app, undefined, ip);
  for (const [k, v] of agent.cookies) other.cookies.set(k, v);
  return other;
}

function expectLimited(res: { status: number; body: { status?: string; message?: string } }) {
  expect(res.status).toBe(429);
  expect(res.body.status).toBe('fail');
  expect(res.body.message).toMatch(PLAIN_RETRY);
}

describe(`limits per account (${databaseKind})`, () => {
  it(`uploads: ${UPLOAD_LIMIT.max} per 30 minutes per account, photos and profile pictures together, from any address`, async () => {
    const me = await person();
    const elsewhere = sameAccountElsewhere(me.agent, '192.0.2.201');
    // Retries of one upload id count too, and leave no unpublished uploads behind to fill a quota.
    const photo = multipart({ upload_id: newUploadId() }, { field: 'photo', name: 'p.jpg', type: 'image/jpeg', data: await makeJpeg(64, 64) });
    for (let i = 0; i < UPLOAD_LIMIT.max - 1; i++) {
      const res = await (i % 2 ? elsewhere : me.agent).request('POST', '/create/upload/photo/', { rawBuffer: photo.payload, contentType: photo.contentType });
      expect(res.status, res.text).toBe(200);
    }
    const picture = multipart({}, { field: 'profile_pic', name: 'a.jpg', type: 'image/jpeg', data: await makeJpeg(64, 64) });
    expect((await me.agent.request('POST', '/accounts/web_change_profile_picture/', { rawBuffer: picture.payload, contentType: picture.contentType })).status).toBe(200);
    expectLimited(await elsewhere.request('POST', '/create/upload/photo/', { rawBuffer: photo.payload, contentType: photo.contentType }));
    expectLimited(await me.agent.request('POST', '/accounts/web_change_profile_picture/', { rawBuffer: picture.payload, contentType: picture.contentType }));
    // Someone else, from the same address, is not held back.
    const neighbour = await person('192.0.2.201');
    const theirs = multipart({ upload_id: newUploadId() }, { field: 'photo', name: 'p.jpg', type: 'image/jpeg', data: await makeJpeg(64, 64) });
    expect((await neighbour.agent.request('POST', '/create/upload/photo/', { rawBuffer: theirs.payload, contentType: theirs.contentType })).status).toBe(200);
  });

  it(`comments: ${COMMENT_LIMIT.max} per 3 hours per account, then 429 and nothing written`, async () => {
    const owner = await person();
    const chatty = await person();
    const media = await postPhoto(owner.agent, 'talk to me');
    for (let i = 0; i < COMMENT_LIMIT.max; i++) {
      const res = await chatty.agent.post(`/web/comments/${media.id}/add/`, { comment_text: `nice ${i}` });
      expect(res.status).toBe(200);
    }
    expectLimited(await chatty.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'one more' }));
    const { n } = await t.db.selectFrom('comments').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', chatty.user.id).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(COMMENT_LIMIT.max);
    expect((await owner.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'the owner still can' })).status).toBe(200);
  });

  it(`follows and unfollows: ${FOLLOW_LIMIT.max} a day per account, one budget for both`, async () => {
    const fickle = await person();
    const target = await person();
    for (let i = 0; i < FOLLOW_LIMIT.max; i++) {
      const res = await fickle.agent.post(`/web/friendships/${target.user.id}/${i % 2 ? 'unfollow' : 'follow'}/`);
      expect(res.status).toBe(200);
    }
    expectLimited(await fickle.agent.post(`/web/friendships/${target.user.id}/follow/`));
    expectLimited(await fickle.agent.post(`/web/friendships/${target.user.id}/unfollow/`));
    // Only the notifications that were due are there: the last unfollow took its follow's back.
    const events = await t.db.selectFrom('events').select('type').where('user_id', '=', target.user.id).where('actor_id', '=', fickle.user.id).execute();
    expect(events).toEqual([]);
  });

  it(`mentions: a comment or caption notifies its first ${MENTIONS_NOTIFIED_MAX} people, no more`, async () => {
    const author = await person();
    const crowd = await Promise.all(Array.from({ length: MENTIONS_NOTIFIED_MAX + 5 }, () => signUp(new Agent(t.app))));
    const text = crowd.map((u) => `@${u.username}`).join(' ');
    const media = await postPhoto(author.agent, `hello ${text}`);
    await author.agent.post(`/web/comments/${media.id}/add/`, { comment_text: text });
    const notified = async (type: 'mention') => {
      const rows = await t.db.selectFrom('events').select('user_id').where('actor_id', '=', author.user.id).where('type', '=', type).where('media_id', '=', media.id).execute();
      return rows.map((r) => r.user_id);
    };
    const ids = await notified('mention');
    // Each of the first twenty once for the caption and once for the comment; the last five never.
    const first = crowd.slice(0, MENTIONS_NOTIFIED_MAX).map((u) => u.id).sort();
    expect([...new Set(ids)].sort()).toEqual(first);
    expect(ids).toHaveLength(MENTIONS_NOTIFIED_MAX * 2);
  });
});

describe(`limits before an account (${databaseKind})`, () => {
  it(`signups: ${SIGNUP_LIMIT_PER_IP.max} per 30 minutes per address`, async () => {
    const agent = new Agent(t.app, undefined, '192.0.2.150');
    for (let i = 0; i < SIGNUP_LIMIT_PER_IP.max; i++) expect((await agent.post('/accounts/web_create_ajax/', newPerson())).status).toBe(200);
    const person = newPerson();
    expectLimited(await agent.post('/accounts/web_create_ajax/', person));
    expect(await t.db.selectFrom('users').select('id').where('username', '=', person.username).executeTakeFirst()).toBeUndefined();
  });

  it(`the signup dry run, which says whether a name is taken: ${SIGNUP_CHECK_LIMIT_PER_IP.max} per 30 minutes per address`, async () => {
    const agent = new Agent(t.app, undefined, '192.0.2.151');
    for (let i = 0; i < SIGNUP_CHECK_LIMIT_PER_IP.max; i++) {
      expect((await agent.post('/accounts/web_create_ajax/attempt/', { ...newPerson(), username: `probe_${i}` })).status).toBe(200);
    }
    expectLimited(await agent.post('/accounts/web_create_ajax/attempt/', newPerson()));
  });

  it(`password-reset mails: ${PASSWORD_RESET_LIMIT_PER_EMAIL.max} per 30 minutes to one address, whoever asks, with the same answer after`, async () => {
    const victim = await signUp(new Agent(t.app));
    const answers = new Set<string>();
    for (let i = 0; i < PASSWORD_RESET_LIMIT_PER_EMAIL.max + 3; i++) {
      const res = await new Agent(t.app, undefined, `192.0.2.${160 + i}`).post('/accounts/account_recovery_send_ajax/', { email_or_username: i % 2 ? victim.email : victim.username });
      expect(res.status).toBe(200);
      answers.add(res.text);
    }
    expect(answers.size).toBe(1);
    const mails = await t.db.selectFrom('outbox').select('id').where('recipient', '=', victim.email).where('subject', 'like', 'Reset%').execute();
    expect(mails).toHaveLength(PASSWORD_RESET_LIMIT_PER_EMAIL.max);
  });
});

describe(`forged requests against the limits before an account (${databaseKind})`, () => {
  it('are refused for their CSRF token before they are counted: the address keeps its whole login, signup and reset budgets', async () => {
    const person = await signUp(new Agent(t.app));
    const address = '192.0.2.180';
    // What a page elsewhere can make a browser send: no token, a made-up one, or a real one of someone else's.
    const someoneElse = new Agent(t.app);
    await someoneElse.get('/data/shared_data/');
    const forgeries: (false | string)[] = [false, 'W'.repeat(43), someoneElse.cookies.get('csrftoken')!];
    const forms = {
      '/accounts/login/ajax/': [LOGIN_LIMIT_PER_IP, { username: person.username, password: 'not the password 1' }],
      '/accounts/web_create_ajax/': [SIGNUP_LIMIT_PER_IP, newPerson()],
      '/accounts/web_create_ajax/attempt/': [SIGNUP_CHECK_LIMIT_PER_IP, newPerson()],
      '/accounts/account_recovery_send_ajax/': [PASSWORD_RESET_LIMIT_PER_IP, { email_or_username: person.username }],
    } as const;
    const forger = new Agent(t.app, undefined, address);
    for (const [url, [limit, form]] of Object.entries(forms)) {
      for (let i = 0; i < limit.max + 3; i++) {
        const res = await forger.post(url, form, { csrf: forgeries[i % forgeries.length]! });
        expect(res.status, `${url} #${i}`).toBe(403);
      }
    }
    // The visitors behind that address still log in, sign up and ask for a reset.
    const visitor = () => new Agent(t.app, undefined, address);
    expect((await visitor().post('/accounts/login/ajax/', { username: person.username, password: person.password })).status).toBe(200);
    expect((await visitor().post('/accounts/web_create_ajax/attempt/', newPerson())).status).toBe(200);
    expect((await visitor().post('/accounts/account_recovery_send_ajax/', { email_or_username: person.username })).status).toBe(200);
    expect((await visitor().post('/accounts/web_create_ajax/', newPerson())).status).toBe(200);
  });
});

describe(`a Redis outage (${databaseKind})`, () => {
  it('lets limited routes answer as usual instead of failing them', async () => {
    // Nothing listens on port 1: every Redis command fails, as in an outage.
    const down = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const started = Date.now();
      const login = await new Agent(down.app).post('/accounts/login/ajax/', { username: 'nobody_here', password: 'whatever 123' });
      expect(login.status).toBe(400);
      const signup = await new Agent(down.app).post('/accounts/web_create_ajax/', newPerson());
      expect(signup.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await down.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { Agent, newPerson, signUp, signedUpAgent } from './helpers/agent.js';
import { directOver } from './helpers/direct.js';
import { follow, makePrivate } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 180_000);
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);

/** The zip's entries, by name. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => { out.set(entry.fileName, Buffer.concat(chunks)); zip.readEntry(); });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A GET with the agent's cookies, answering the raw bytes. */
const fetchRaw = (agent: Agent, url: string) => t.app.inject({
  method: 'GET', url, headers: { cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
});

async function linkFor(email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = await t.db.selectFrom('outbox').select('body').where('recipient', '=', email).where('subject', '=', 'Your Shutter data is ready').executeTakeFirst();
    if (mail) return new URL(mail.body.match(/https?:\/\/\S+\/accounts\/download_data\/\S+\//)![0]).pathname;
    if (Date.now() > deadline) throw new Error('no mail');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe(`leaving: download your data (${databaseKind})`, () => {
  it('builds a zip of the person\'s own data, mails a link that works once, for its owner only; the archive holds nothing private of anyone else', async () => {
    const agent = new Agent(t.app);
    const me = { agent, user: await signUp(agent, newPerson('archivist')) };
    const friend = await person();
    const secretive = await person();
    await makePrivate(t.db, secretive.user.id);
    const mine = await postPhoto(me.agent, 'my sunset #golden');
    const theirs = await postPhoto(friend.agent, 'their post');
    const secret = await postPhoto(secretive.agent, 'private caption nobody else may read');
    await follow(t.db, me.user.id, secretive.user.id);
    await follow(t.db, friend.user.id, me.user.id);
    await me.agent.post(`/web/likes/${theirs.id}/like/`);
    await me.agent.post(`/web/likes/${secret.id}/like/`);
    await me.agent.post(`/web/comments/${theirs.id}/add/`, { comment_text: 'my comment' });
    await friend.agent.post(`/web/comments/${mine.id}/add/`, { comment_text: 'a friend\'s comment on my post' });
    const { direct } = directOver(t);
    const { threadId } = await direct.createThread(friend.user.id, [me.user.id]);
    await direct.deliver(friend.user.id, threadId, { type: 'text', text: 'a message to you' }, null);
    await direct.deliver(me.user.id, threadId, { type: 'text', text: 'my reply' }, null);

    expect((await me.agent.get('/accounts/download_data/?__a=1')).body).toMatchObject({ state: 'none', email: me.user.email });
    const asked = await me.agent.post('/accounts/download_data/', { password: me.user.password });
    expect(asked.status).toBe(200);
    expect(['preparing', 'ready']).toContain(asked.body.state);
    const link = await linkFor(me.user.email);
    expect((await me.agent.get('/accounts/download_data/?__a=1')).body).toMatchObject({ state: 'ready', expires_at: expect.any(String) });

    // Not for anyone else, nor for nobody.
    expect((await fetchRaw(friend.agent, link)).statusCode).toBe(404);
    expect((await fetchRaw(new Agent(t.app), link)).statusCode).toBe(401);
    const html = await t.app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(302);
    expect(html.headers.location).toBe(`/accounts/login/?next=${encodeURIComponent(link)}`);

    const res = await fetchRaw(me.agent, link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = await unzip(res.rawPayload);
    for (const name of ['README.txt', 'profile.json', 'posts/posts.json', 'comments.json', 'likes.json', 'followers_and_following.json',
      'stories/stories.json', 'stories/highlights.json', 'messages/messages.json', 'searches.json', 'login_activity.json']) {
      expect(files.has(name), name).toBe(true);
    }
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    expect(json('profile.json')).toMatchObject({ username: me.user.username, email: me.user.email });
    const posts = json('posts/posts.json');
    expect(posts).toEqual([expect.objectContaining({ shortcode: mine.shortcode, caption: 'my sunset #golden' })]);
    const mediaFile = posts[0].items[0].file as string;
    expect(files.get(mediaFile)!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(json('comments.json')).toEqual([expect.objectContaining({ text: 'my comment', post: theirs.shortcode })]);
    expect(json('likes.json').map((l: { owner: string }) => l.owner).sort()).toEqual([friend.user.username, secretive.user.username].sort());
    expect(json('followers_and_following.json')).toEqual({ followers: [friend.user.username], following: [secretive.user.username] });
    const [thread] = json('messages/messages.json');
    expect(thread.messages.map((m: { sender: string; text: string }) => [m.sender, m.text])).toEqual([[friend.user.username, 'a message to you'], [me.user.username, 'my reply']]);

    // Nothing else of others: no emails, no private captions, no one else's comments or media.
    const everything = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    for (const theirsOnly of [friend.user.email, secretive.user.email, 'private caption nobody else may read', 'their post', 'a friend\'s comment on my post']) {
      expect(everything, theirsOnly).not.toContain(theirsOnly);
    }
    expect([...files.keys()].filter((n) => n.includes('/media/'))).toEqual([mediaFile]);

    // Once only.
    const again = await fetchRaw(me.agent, link);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ status: 'fail', message: expect.stringContaining('already been used or has expired') });
    expect((await me.agent.get('/accounts/download_data/?__a=1')).body.state).toBe('downloaded');
  }, 60_000);

  it('a link past its four days answers 410, and the status says expired', async () => {
    const p = await person();
    expect((await p.agent.post('/accounts/download_data/', { password: p.user.password })).status).toBe(200);
    const link = await linkFor(p.user.email);
    await t.db.updateTable('data_exports').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', p.user.id).execute();
    expect((await p.agent.get('/accounts/download_data/?__a=1')).body.state).toBe('expired');
    expect((await fetchRaw(p.agent, link)).statusCode).toBe(410);
    expect((await fetchRaw(p.agent, '/accounts/download_data/not-a-real-token/')).statusCode).toBe(404);
  }, 60_000);

  it('the link is four days long and the request wants the right password', async () => {
    const p = await person();
    expect((await p.agent.post('/accounts/download_data/', { password: 'wrong one' })).status).toBe(400);
    expect((await p.agent.post('/accounts/download_data/', { password: p.user.password })).status).toBe(200);
    await linkFor(p.user.email);
    const row = await t.db.selectFrom('data_exports').selectAll().where('user_id', '=', p.user.id).executeTakeFirstOrThrow();
    expect(row.expires_at!.getTime() - row.ready_at!.getTime()).toBeGreaterThan(4 * 86_400_000 - 5000);
    expect(row.expires_at!.getTime() - row.ready_at!.getTime()).toBeLessThan(4 * 86_400_000 + 5000);
  }, 60_000);
});

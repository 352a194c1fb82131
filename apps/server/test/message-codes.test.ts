import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, PASSWORD_MIN_LENGTH, messageText } from '@shutter/contract';
import { Agent, queryUrl as q, signUp } from './helpers/agent.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe(`messages reach clients as codes with parameters (${databaseKind})`, () => {
  it('signup field errors carry their codes beside their English text', async () => {
    const taken = await signUp(new Agent(t.app));
    const res = await new Agent(t.app).post('/accounts/web_create_ajax/attempt/', { email: 'nope', username: taken.username, password: 'short', first_name: 'A' });
    expect(res.status).toBe(200);
    expect(res.body.dryrun_passed).toBe(false);
    expect(res.body.error_codes).toEqual({
      email: [{ code: 'email_invalid' }],
      username: [{ code: 'username_taken' }],
      password: [{ code: 'password_short', params: { min: PASSWORD_MIN_LENGTH } }],
    });
    expect(res.body.errors.password).toEqual([messageText({ code: 'password_short', params: { min: PASSWORD_MIN_LENGTH } })]);
    expect(res.body.errors.password[0]).toContain(String(PASSWORD_MIN_LENGTH));
  });

  it("a private account's list answers private_account; a missing post post_not_found; a comment too long comment_long with its limit", async () => {
    const owner = new Agent(t.app);
    const ownerUser = await signUp(owner);
    await owner.post('/accounts/set_private/');
    const stranger = new Agent(t.app);
    await signUp(stranger);
    const list = await stranger.get(q('follow_list', { id: ownerUser.id, type: 'followers' }));
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ status: 'fail', code: 'private_account', message: 'This account is private.' });
    const missing = await stranger.get(q('liked_by', { shortcode: 'AAAAAAAAA' }));
    expect(missing.body).toMatchObject({ code: 'post_not_found' });
    const media = await postPhoto(stranger, 'mine');
    const long = await stranger.post(`/web/comments/${media.id}/add/`, { comment_text: 'x'.repeat(COMMENT_MAX_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'comment_long', params: { max: COMMENT_MAX_LENGTH }, message: `Comments can be at most ${COMMENT_MAX_LENGTH.toLocaleString('en')} characters.` });
  });

  it('suggestion reasons come by code too', async () => {
    const viewer = new Agent(t.app);
    await signUp(viewer);
    const friend = new Agent(t.app);
    const friendUser = await signUp(friend);
    const theirFriend = await signUp(new Agent(t.app));
    await viewer.post(`/web/friendships/${friendUser.id}/follow/`);
    await friend.post(`/web/friendships/${theirFriend.id}/follow/`);
    const res = await viewer.get(q('suggested_users', {}));
    const node = res.body.data.user.edge_suggested_users.edges.find((e: { node: { user: { id: string } } }) => e.node.user.id === theirFriend.id).node;
    expect(node.description_message).toEqual({ code: 'followed_by', params: { username: friendUser.username } });
    expect(node.description).toBe(`Followed by ${friendUser.username}`);
  });
});

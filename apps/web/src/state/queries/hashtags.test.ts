import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { HashtagPageResult } from '@shutter/contract';
import { acknowledgeAdvisoryUrl, hashtagFollows, hashtagFollowUrl, hashtagPageKey, requestHashtagFollow, type HashtagPageData } from './hashtags';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const pageOf = (following: boolean): HashtagPageData => ({ graphql: { hashtag: { name: 'sunset', is_following: following } as HashtagPageResult }, status: 'ok' });
const cachedFollowing = (client: QueryClient) => client.getQueryData<HashtagPageData>(hashtagPageKey('sunset'))?.graphql.hashtag.is_following;

afterEach(() => vi.unstubAllGlobals());

describe('following a hashtag', () => {
  it('shows the follow at once, and writes what the server confirmed into the cached page', async () => {
    const fetch = vi.fn(async () => answer(200, { is_following: true, status: 'ok' }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    client.setQueryData(hashtagPageKey('sunset'), pageOf(false));
    const follow = requestHashtagFollow(client, 'sunset', false, true);
    expect(hashtagFollows.pending('sunset')).toBe(true);
    await follow;
    expect(hashtagFollows.pending('sunset')).toBeUndefined();
    expect(cachedFollowing(client)).toBe(true);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('a failed follow goes back to the server value and rejects, for its toast', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(500, { status: 'fail', message: 'no' })));
    const client = new QueryClient();
    client.setQueryData(hashtagPageKey('sunset'), pageOf(true));
    const unfollow = requestHashtagFollow(client, 'sunset', true, false);
    expect(hashtagFollows.pending('sunset')).toBe(false);
    await expect(unfollow).rejects.toMatchObject({ status: 500 });
    expect(hashtagFollows.pending('sunset')).toBeUndefined();
    expect(cachedFollowing(client)).toBe(true);
  });

  it('toggles made while a request is in flight send nothing more when they cancel out', async () => {
    const fetch = vi.fn(async () => answer(200, { is_following: true, status: 'ok' }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const first = requestHashtagFollow(client, 'sunset', false, true);
    const second = requestHashtagFollow(client, 'sunset', false, false);
    const third = requestHashtagFollow(client, 'sunset', false, true);
    await Promise.all([first, second, third]);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('R-001-hashtag-5: the button posts /web/tags/follow/{tag}/ and /web/tags/unfollow/{tag}/', () => {
    expect(hashtagFollowUrl('sunset', true)).toBe('/web/tags/follow/sunset/');
    expect(hashtagFollowUrl('sunset', false)).toBe('/web/tags/unfollow/sunset/');
    expect(hashtagFollowUrl('café', true)).toBe('/web/tags/follow/caf%C3%A9/');
    expect(acknowledgeAdvisoryUrl('gore')).toBe('/web/tags/acknowledge_advisory/gore/');
  });
});

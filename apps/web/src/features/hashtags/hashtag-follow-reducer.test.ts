import { describe, expect, it } from 'vitest';
import { acknowledgeAdvisoryUrl, hashtagFollowUrl } from '../../state/queries/hashtags';
import { hashtagReducer, initialHashtagState, type HashtagAction, type HashtagState } from './hashtag-follow-reducer';

const run = (state: HashtagState, ...actions: HashtagAction['type'][]) => actions.reduce((s, type) => hashtagReducer(s, { type }), state);

describe('hashtag follow state', () => {
  it('R-001-hashtag-1: following or unfollowing a hashtag sets loading', () => {
    expect(run(initialHashtagState(false, true), 'followRequested')).toEqual({ isFollowing: false, loading: true, advisoryAcknowledged: true });
    expect(run(initialHashtagState(true, true), 'followRequested')).toEqual({ isFollowing: true, loading: true, advisoryAcknowledged: true });
  });

  it('R-001-hashtag-2: a successful follow or unfollow flips isFollowing and clears loading', () => {
    expect(run(initialHashtagState(false, true), 'followRequested', 'followSucceeded')).toMatchObject({ isFollowing: true, loading: false });
    expect(run(initialHashtagState(true, true), 'followRequested', 'followSucceeded')).toMatchObject({ isFollowing: false, loading: false });
  });

  it('R-001-hashtag-3: a failed follow or unfollow clears loading and leaves isFollowing unchanged', () => {
    expect(run(initialHashtagState(false, true), 'followRequested', 'followFailed')).toEqual({ isFollowing: false, loading: false, advisoryAcknowledged: true });
    expect(run(initialHashtagState(true, true), 'followRequested', 'followFailed')).toEqual({ isFollowing: true, loading: false, advisoryAcknowledged: true });
  });

  it('R-002-hashtag-1: follow and unfollow go request, then succeeded or failed; an answer without a request changes nothing', () => {
    const start = initialHashtagState(false, true);
    expect(run(start, 'followSucceeded')).toBe(start);
    expect(run(start, 'followFailed')).toBe(start);
    const loading = run(start, 'followRequested');
    // A second click while one call is in flight is not a second request.
    expect(run(loading, 'followRequested')).toBe(loading);
    expect(run(start, 'followRequested', 'followSucceeded', 'followRequested', 'followSucceeded')).toEqual(start);
  });

  it('R-001-hashtag-4: the content advisory can be acknowledged, and stays acknowledged', () => {
    const acknowledged = run(initialHashtagState(false, false), 'advisoryAcknowledged');
    expect(acknowledged.advisoryAcknowledged).toBe(true);
    expect(run(acknowledged, 'advisoryAcknowledged', 'followRequested', 'followFailed').advisoryAcknowledged).toBe(true);
  });

  it('R-001-hashtag-5: the button posts /web/tags/follow/{tag}/ and /web/tags/unfollow/{tag}/', () => {
    expect(hashtagFollowUrl('sunset', true)).toBe('/web/tags/follow/sunset/');
    expect(hashtagFollowUrl('sunset', false)).toBe('/web/tags/unfollow/sunset/');
    expect(hashtagFollowUrl('café', true)).toBe('/web/tags/follow/caf%C3%A9/');
    expect(acknowledgeAdvisoryUrl('gore')).toBe('/web/tags/acknowledge_advisory/gore/');
  });
});

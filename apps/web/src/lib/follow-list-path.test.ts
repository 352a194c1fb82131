import { describe, expect, it } from 'vitest';
import { parseFollowListPath } from './follow-list-path';

describe('follow list paths', () => {
  it('R-002-follow-lists-1: followers and following, optionally mutualOnly or mutualFirst', () => {
    expect(parseFollowListPath('/ana/followers/')).toEqual({ username: 'ana', type: 'followers', mutual: null });
    expect(parseFollowListPath('/ana/following/')).toEqual({ username: 'ana', type: 'following', mutual: null });
    expect(parseFollowListPath('/ana/followers/mutualOnly/')).toEqual({ username: 'ana', type: 'followers', mutual: 'mutualOnly' });
    expect(parseFollowListPath('/ana/following/mutualFirst/')).toEqual({ username: 'ana', type: 'following', mutual: 'mutualFirst' });
  });

  it('other paths are not follow lists', () => {
    expect(parseFollowListPath('/ana/')).toBeNull();
    expect(parseFollowListPath('/ana/followers/other/')).toBeNull();
    expect(parseFollowListPath('/p/abc/liked_by/')).toBeNull();
  });
});

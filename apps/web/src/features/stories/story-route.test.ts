import { describe, expect, it } from 'vitest';
import { parseStoryPath, reelPath } from './story-route';

describe('story addresses', () => {
  it('R-002-story-viewer-1: every story route opens its reels', () => {
    expect(parseStoryPath('/stories/alice/', '')).toEqual({ kind: 'user', username: 'alice', initialMediaId: null });
    expect(parseStoryPath('/stories/alice/42/', '')).toEqual({ kind: 'user', username: 'alice', initialMediaId: '42' });
    expect(parseStoryPath('/stories/highlights/7/', '')).toEqual({ kind: 'reels', reelIds: ['highlight:7'] });
    expect(parseStoryPath('/stories/tags/Sunset/', '')).toEqual({ kind: 'reels', reelIds: ['tag:sunset'] });
    expect(parseStoryPath('/stories/locations/9/', '')).toEqual({ kind: 'reels', reelIds: ['loc:9'] });
    expect(parseStoryPath('/stories/direct/12/', '')).toEqual({ kind: 'reels', reelIds: ['12'] });
    expect(parseStoryPath('/stories/launch_reels/', '?reel_ids=1,2')).toEqual({ kind: 'reels', reelIds: ['1', '2'] });
    expect(parseStoryPath('/stories/alice/not-an-id/', '')).toEqual({ kind: 'invalid' });
    expect(parseStoryPath('/stories/highlights/x/', '')).toEqual({ kind: 'invalid' });
  });

  it('R-002-story-viewer-2: launch_reels takes numeric reel ids only', () => {
    expect(parseStoryPath('/stories/launch_reels/', '?reel_ids=1,abc')).toEqual({ kind: 'invalid' });
    expect(parseStoryPath('/stories/launch_reels/', '?reel_ids=')).toEqual({ kind: 'invalid' });
    expect(parseStoryPath('/stories/launch_reels/', '')).toEqual({ kind: 'invalid' });
  });

  it("a reel's address, which the URL follows", () => {
    const owner = { id: '1', username: 'alice', full_name: '', profile_pic_url: '', is_private: false, is_verified: false };
    expect(reelPath({ id: '1', owner })).toBe('/stories/alice/');
    expect(reelPath({ id: 'highlight:3', owner })).toBe('/stories/highlights/3/');
    expect(reelPath({ id: 'tag:sun', owner: null })).toBe('/stories/tags/sun/');
    expect(reelPath({ id: 'loc:5', owner: null })).toBe('/stories/locations/5/');
  });
});

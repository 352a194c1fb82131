import { describe, expect, it } from 'vitest';
import { STORY_RING_SEGMENTS, type ReelRing } from '@shutter/contract';
import { createIntroTracker, reelLinkOf, ringAvatarSize, ringLabelId, ringLayout, ringState } from './story-ring-state';

const reel = (over: Partial<ReelRing> = {}): ReelRing => ({ id: '7', latest_reel_media: 1_000, seen: 0, has_besties_media: false, ...over });

describe('the story ring', () => {
  it('R-002-story-ring-1: grey when seen up to the newest story, the gradient while unseen, green for close friends', () => {
    expect(ringState(reel(), '1')).toBe('unseen');
    expect(ringState(reel({ seen: 999 }), '1')).toBe('unseen');
    expect(ringState(reel({ seen: 1_000 }), '1')).toBe('seen');
    expect(ringState(reel({ seen: 1_500 }), null)).toBe('seen');
    expect(ringState(reel({ has_besties_media: true }), '1')).toBe('besties');
    // Seen is grey whatever the audience.
    expect(ringState(reel({ has_besties_media: true, seen: 1_000 }), '1')).toBe('seen');
    expect(ringState(null, '1')).toBe('none');
    expect(ringState(undefined, null)).toBe('none');
  });

  it("R-002-story-ring-3: the close friends' ring is not shown on the viewer's own story", () => {
    expect(ringState(reel({ id: '1', has_besties_media: true }), '1')).toBe('unseen');
    expect(ringState(reel({ id: '7', has_besties_media: true }), '1')).toBe('besties');
  });

  it('R-002-story-ring-6: the ring is drawn in 30 segments that close into a full circle', () => {
    expect(STORY_RING_SEGMENTS).toBe(30);
    const layout = ringLayout(44);
    const [dash, gap] = layout.dashOpen.split(' ').map(Number);
    expect(dash! + gap!).toBeCloseTo(layout.segment, 2);
    expect(gap).toBeGreaterThan(0);
    expect(layout.segment * STORY_RING_SEGMENTS).toBeCloseTo(2 * Math.PI * layout.radius, 1);
    expect(layout.dashClosed).toBe(`${layout.segment} 0`);
  });

  it('R-002-story-ring-7: the line is 1 to 3 wide by size', () => {
    expect(ringLayout(32).lineWidth).toBe(1);
    expect(ringLayout(56).lineWidth).toBe(1);
    expect(ringLayout(57).lineWidth).toBe(2);
    expect(ringLayout(84).lineWidth).toBe(2);
    expect(ringLayout(118).lineWidth).toBe(3);
    expect(ringLayout(150).lineWidth).toBe(3);
  });

  it('R-002-story-ring-8: the padding is 2 to 5 by size, in bands up to 56, 84 and 118', () => {
    expect([32, 56, 57, 84, 85, 118, 119, 150].map((s) => ringLayout(s).padding)).toEqual([2, 2, 3, 3, 4, 4, 5, 5]);
    // The box holds the picture, the gap and the line on each side.
    expect(ringLayout(44).outer).toBe(44 + 2 * (2 + 1));
    expect(ringLayout(150).outer).toBe(150 + 2 * (5 + 3));
  });

  it('R-002-story-ring-9: the picture inside a ring is 44 on a phone and 32 on a desktop', () => {
    expect(ringAvatarSize(false)).toBe(44);
    expect(ringAvatarSize(true)).toBe(32);
  });

  it('names a ringed picture by its state', () => {
    expect(ringLabelId('unseen')).toBe('storyRing.unseen');
    expect(ringLabelId('seen')).toBe('storyRing.seen');
    expect(ringLabelId('besties')).toBe('storyRing.besties');
  });

  it('R-002-story-viewer-7: logged in, a ringed picture opens the reel and remembers where it was opened from', () => {
    expect(reelLinkOf('alice', true, { pathname: '/', search: '?x=1', hash: '' })).toEqual({ to: '/stories/alice/', state: { from: '/?x=1' } });
  });

  it("R-002-story-viewer-8: logged out, a ringed picture goes to the person's story link", () => {
    expect(reelLinkOf('alice', false, { pathname: '/alice/', search: '', hash: '' })).toEqual({ to: '/stories/alice/', state: undefined });
  });

  it('R-002-story-ring-5: an unseen ring spins into a full ring once, the first time it appears, and not with reduced motion', () => {
    const intro = createIntroTracker();
    expect(intro(reel(), 'unseen', false)).toBe(true);
    expect(intro(reel(), 'unseen', false)).toBe(false);
    // A newer story is a new first appearance.
    expect(intro(reel({ latest_reel_media: 2_000 }), 'unseen', false)).toBe(true);
    expect(intro(reel({ id: '8' }), 'seen', false)).toBe(false);
    expect(intro(reel({ id: '9' }), 'unseen', true)).toBe(false);
  });
});

import type { ReelRing } from '@shutter/contract';
import { STORY_RING_AVATAR_DESKTOP, STORY_RING_AVATAR_MOBILE, STORY_RING_SEGMENTS, storyRingGeometry } from '@shutter/contract';

/** What a ring shows: none, grey (seen), the warm gradient (unseen), green (close friends). */
export type RingState = 'none' | 'seen' | 'unseen' | 'besties';
/** How an unseen ring is painted: the warm gradient, or the rainbow some surfaces use. */
export type RingVariant = 'classic' | 'rainbow';

/**
 * The ring of a person's reel for this viewer. Seen once the viewer saw up to its newest story;
 * green for a close friends' story, never on the viewer's own (the server already says so; a
 * stale copy must not show it either).
 */
export function ringState(reel: ReelRing | null | undefined, viewerId: string | null): RingState {
  if (!reel) return 'none';
  if (reel.seen >= reel.latest_reel_media) return 'seen';
  if (reel.has_besties_media && reel.id !== viewerId) return 'besties';
  return 'unseen';
}

export interface RingLayout {
  /** The ring's line width and the gap between it and the picture. */
  lineWidth: number;
  padding: number;
  /** The whole box: the picture, the gap and the line on each side. */
  outer: number;
  /** The circle's radius, in the box's coordinates (the middle of the line). */
  radius: number;
  /** One segment's length along the circle, and the dash pattern of the segmented ring. */
  segment: number;
  dashOpen: string;
  dashClosed: string;
}

/** The share of each segment left as a gap while the ring is segmented (loading, or opening). */
const OPEN_GAP = 0.4;

export function ringLayout(avatarSize: number): RingLayout {
  const { lineWidth, padding } = storyRingGeometry(avatarSize);
  const outer = avatarSize + 2 * (padding + lineWidth);
  const radius = (outer - lineWidth) / 2;
  const segment = (2 * Math.PI * radius) / STORY_RING_SEGMENTS;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    lineWidth, padding, outer, radius,
    segment: round(segment),
    dashOpen: `${round(segment * (1 - OPEN_GAP))} ${round(segment * OPEN_GAP)}`,
    dashClosed: `${round(segment)} 0`,
  };
}

/** The picture inside a ring in feed headers and lists. */
export const ringAvatarSize = (desktop: boolean) => (desktop ? STORY_RING_AVATAR_DESKTOP : STORY_RING_AVATAR_MOBILE);

/** The message that names a ringed picture for a screen reader, by state. */
export function ringLabelId(state: Exclude<RingState, 'none'>): 'storyRing.unseen' | 'storyRing.seen' | 'storyRing.besties' {
  return state === 'seen' ? 'storyRing.seen' : state === 'besties' ? 'storyRing.besties' : 'storyRing.unseen';
}

/**
 * Where a ringed picture leads: the person's reel. Logged in, the viewer remembers where it was
 * opened from to go back there; logged out, the plain story link (the viewer asks to log in).
 */
export function reelLinkOf(username: string, loggedIn: boolean, from: { pathname: string; search: string; hash: string }) {
  const to = `/stories/${username}/`;
  return loggedIn ? { to, state: { from: `${from.pathname}${from.search}${from.hash}` } } : { to, state: undefined };
}

/**
 * Whether a ring seen for the first time, unseen, should spin once into a full ring: not again for
 * the same reel (a re-render, the same person in another list), and never with reduced motion.
 */
export function createIntroTracker() {
  const shown = new Set<string>();
  return (reel: ReelRing, state: RingState, reducedMotion: boolean): boolean => {
    if (state !== 'unseen' && state !== 'besties') return false;
    const key = `${reel.id}:${reel.latest_reel_media}`;
    if (shown.has(key)) return false;
    shown.add(key);
    return !reducedMotion;
  };
}

import { LOCATION_REEL_PREFIX, HIGHLIGHT_REEL_PREFIX, TAG_REEL_PREFIX, parseLaunchReelIds, parseReelId, type ReelResult } from '@shutter/contract';

/** What a story address opens. */
export type StoryTarget =
  | { kind: 'user'; username: string; initialMediaId: string | null }
  | { kind: 'reels'; reelIds: string[] }
  | { kind: 'invalid' };

const segment = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
};

/**
 * The viewer's addresses: a person's reel (from one of its items), a highlight, a hashtag's or a
 * place's stories, several people's reels (numeric ids only) and a reel reached from a message.
 */
export function parseStoryPath(pathname: string, search: string): StoryTarget {
  const parts = pathname.split('/').filter(Boolean).map(segment);
  if (parts[0] !== 'stories' || parts.length < 2 || parts.some((part) => !part)) return { kind: 'invalid' };
  const [, first, second] = parts;
  const single = (reelId: string): StoryTarget => (parts.length === 3 && parseReelId(reelId) ? { kind: 'reels', reelIds: [reelId] } : { kind: 'invalid' });
  switch (first) {
    case 'launch_reels': {
      const ids = parts.length === 2 ? parseLaunchReelIds(new URLSearchParams(search).get('reel_ids')) : null;
      return ids ? { kind: 'reels', reelIds: ids } : { kind: 'invalid' };
    }
    case 'highlights':
      return single(`${HIGHLIGHT_REEL_PREFIX}${second}`);
    case 'tags':
      return single(`${TAG_REEL_PREFIX}${second!.replace(/^#/, '').toLowerCase()}`);
    case 'locations':
      return single(`${LOCATION_REEL_PREFIX}${second}`);
    case 'direct':
      return parts.length === 3 && /^\d{1,20}$/.test(second!) ? { kind: 'reels', reelIds: [second!] } : { kind: 'invalid' };
  }
  if (parts.length > 3) return { kind: 'invalid' };
  if (second !== undefined && !/^\d{1,20}$/.test(second)) return { kind: 'invalid' };
  return { kind: 'user', username: first!, initialMediaId: second ?? null };
}

/** The address of a reel, which the viewer's URL follows. */
export function reelPath(reel: Pick<ReelResult, 'id' | 'owner'>): string {
  const ref = parseReelId(reel.id);
  switch (ref?.kind) {
    case 'highlight': return `/stories/highlights/${ref.id}/`;
    case 'tag': return `/stories/tags/${encodeURIComponent(ref.name)}/`;
    case 'location': return `/stories/locations/${ref.id}/`;
    default: return reel.owner ? `/stories/${reel.owner.username}/` : `/stories/direct/${reel.id}/`;
  }
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { HashtagPageResult } from '@shutter/contract';
import { readItem, writeItem } from '../../lib/storage';
import { useHydrated } from '../../lib/use-hydrated';
import { acknowledgeAdvisory, patchHashtagPage, useHashtagFollow } from '../../state/queries/hashtags';

/** A visitor's acknowledgement lasts for their browser session (they have no account to store it in). */
const advisoryKey = (tag: string) => `hashtagAdvisory:${tag}`;

/**
 * The follow button's and the advisory's state for one tag, with the calls behind them. The follow
 * is optimistic (state/queries/hashtags.ts); the advisory, once acknowledged, stays acknowledged.
 */
export function useHashtagState(hashtag: HashtagPageResult, loggedIn: boolean) {
  const client = useQueryClient();
  const hydrated = useHydrated();
  const tag = hashtag.name;
  const { following, toggle: toggleFollow } = useHashtagFollow(hashtag);
  const [advisoryAcknowledged, setAdvisoryAcknowledged] = useState(hashtag.content_advisory?.acknowledged ?? true);

  useEffect(() => {
    if (!loggedIn && hydrated && readItem(advisoryKey(tag), 'sessionStorage') === '1') setAdvisoryAcknowledged(true);
  }, [loggedIn, hydrated, tag]);

  async function acknowledge(): Promise<void> {
    setAdvisoryAcknowledged(true);
    if (!loggedIn) {
      writeItem(advisoryKey(tag), '1', 'sessionStorage');
      return;
    }
    patchHashtagPage(client, tag, (h) => (h.content_advisory ? { ...h, content_advisory: { ...h.content_advisory, acknowledged: true } } : h));
    // The posts are shown at once; a failed save only means the advisory shows again next time.
    await acknowledgeAdvisory(tag).catch(() => undefined);
  }

  return { following, toggleFollow, acknowledge, showAdvisory: hashtag.content_advisory !== null && !advisoryAcknowledged };
}

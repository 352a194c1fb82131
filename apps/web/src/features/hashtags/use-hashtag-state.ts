import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import type { HashtagPageResult } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { useT } from '../../lib/i18n/i18n';
import { readItem, writeItem } from '../../lib/storage';
import { useHydrated } from '../../lib/use-hydrated';
import { acknowledgeAdvisory, followHashtag, HASHTAG_FOLLOW_LIST_KEY, patchHashtagPage, unfollowHashtag } from '../../state/queries/hashtags';
import { hashtagReducer, initialHashtagState } from './hashtag-follow-reducer';

/** A visitor's acknowledgement lasts for their browser session (they have no account to store it in). */
const advisoryKey = (tag: string) => `hashtagAdvisory:${tag}`;

/** The follow button's and the advisory's state for one tag, with the calls behind them. */
export function useHashtagState(hashtag: HashtagPageResult, loggedIn: boolean) {
  const t = useT();
  const client = useQueryClient();
  const { showToast } = useToast();
  const hydrated = useHydrated();
  const tag = hashtag.name;
  const [state, dispatch] = useReducer(hashtagReducer, initialHashtagState(hashtag.is_following, hashtag.content_advisory?.acknowledged ?? true));

  useEffect(() => {
    if (!loggedIn && hydrated && readItem(advisoryKey(tag), 'sessionStorage') === '1') dispatch({ type: 'advisoryAcknowledged' });
  }, [loggedIn, hydrated, tag]);

  async function toggleFollow(): Promise<void> {
    if (state.loading) return;
    const following = state.isFollowing;
    dispatch({ type: 'followRequested' });
    try {
      await (following ? unfollowHashtag(tag) : followHashtag(tag));
      dispatch({ type: 'followSucceeded' });
      patchHashtagPage(client, tag, (h) => ({ ...h, is_following: !following }));
      void client.invalidateQueries({ queryKey: [HASHTAG_FOLLOW_LIST_KEY] });
    } catch {
      dispatch({ type: 'followFailed' });
      showToast({ text: t(following ? 'hashtag.unfollowFailed' : 'hashtag.followFailed') });
    }
  }

  async function acknowledge(): Promise<void> {
    dispatch({ type: 'advisoryAcknowledged' });
    if (!loggedIn) {
      writeItem(advisoryKey(tag), '1', 'sessionStorage');
      return;
    }
    patchHashtagPage(client, tag, (h) => (h.content_advisory ? { ...h, content_advisory: { ...h.content_advisory, acknowledged: true } } : h));
    // The posts are shown at once; a failed save only means the advisory shows again next time.
    await acknowledgeAdvisory(tag).catch(() => undefined);
  }

  return { state, toggleFollow, acknowledge, showAdvisory: hashtag.content_advisory !== null && !state.advisoryAcknowledged };
}

import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { FEED_KEY, type FeedAnswer } from '../feed/feed-api';

/**
 * Whether the network answered the home feed with no posts at all, read from the query cache so
 * the feed's own list keeps sole ownership of fetching it.
 */
export function useFeedEmpty(): boolean {
  const client = useQueryClient();
  const subscribe = useCallback((notify: () => void) => client.getQueryCache().subscribe(notify), [client]);
  const snapshot = () => {
    const data = client.getQueryData<InfiniteData<FeedAnswer>>(FEED_KEY);
    return client.getQueryState(FEED_KEY)?.status === 'success' && !!data && data.pages.every((page) => page.nodes.length === 0);
  };
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../app/toast/toast-provider';
import { apiPost } from '../../lib/api';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { pageDataKey } from '../../lib/page-data';
import { withOptimisticShadow } from '../../lib/shadow-store';
import { useSession } from '../auth/session';
import { useRequireLogin } from '../posts/post-actions';
import { afterFollow, friendshipShadows, type FollowTarget, type Relationship } from './friendship-state';

type Action = 'follow' | 'unfollow' | 'unblock';

interface FollowAnswer {
  status: 'ok';
  result?: 'following' | 'requested';
}

const FAILED: Record<Action, MessageId> = {
  follow: 'graph.followFailed',
  unfollow: 'graph.unfollowFailed',
  unblock: 'graph.unblockFailed',
};

/** The state shown while the call runs: a private account's follow becomes a request. */
function optimistic(action: Action, target: FollowTarget): Relationship {
  if (action === 'follow') return target.is_private ? 'requested' : 'following';
  return 'none';
}

/**
 * Follow, unfollow (which also withdraws a request) and unblock (R-002-follow-lists-5): the button
 * changes at once through the user's shadow and comes back with a toast if the call fails.
 */
export function useFriendshipAction(target: FollowTarget) {
  const t = useT();
  const { showToast } = useToast();
  const { viewer } = useSession();
  const client = useQueryClient();
  const requireLogin = useRequireLogin('follow');
  const mutation = useMutation({
    mutationFn: async (action: Action) => {
      const answer = await withOptimisticShadow(friendshipShadows, target.id, { relationship: optimistic(action, target) }, () =>
        apiPost<FollowAnswer>(`/web/friendships/${target.id}/${action}/`),
      );
      // The server decides between following and requested; its answer replaces the guess.
      if (action === 'follow') friendshipShadows.put(target.id, { relationship: afterFollow(answer.result, target.is_private) });
      return answer;
    },
    onSuccess: () => {
      // Counts, and a private account's posts once followed, come from the profiles' page data.
      void client.invalidateQueries({ queryKey: pageDataKey(`/${target.username}/`) });
      if (viewer) void client.invalidateQueries({ queryKey: pageDataKey(`/${viewer.username}/`) });
    },
    onError: (_error, action) => showToast({ text: t(FAILED[action], { username: target.username }) }),
  });
  return {
    run: (action: Action) => {
      // A second click while the first call runs would race it; the button already shows the result.
      if (mutation.isPending || !requireLogin()) return;
      mutation.mutate(action);
    },
    pending: mutation.isPending,
  };
}

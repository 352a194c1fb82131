import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useToast } from '../toast/toast-context';
import { useSession } from '../session';
import { apiPost } from '../../lib/api';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { pageDataKey } from '../../lib/page-data';
import { patchEverywhere } from '../cache-walk';
import { createOptimistic, usePending } from '../optimistic';
import { useRequireLogin } from '../require-login';
import { FEED_KEY } from './feed';
import { FOLLOW_LIST_KEY } from './follow-lists';
import { afterFollow, fieldsOf, relationshipOf, type FollowTarget, type Relationship } from './relationship';

/** The friendships resource: the viewer's relationship to a person, follow, unfollow, unblock and block. */

const following = (relationship: Relationship) => relationship === 'following' || relationship === 'requested';

/**
 * Pending relationships per user id (state/optimistic.ts), so the profile header and every row
 * showing the same person agree at once, whichever of them was clicked. Following and requested
 * are the same change (the server decides which a follow becomes).
 */
export const relationships = createOptimistic<Relationship>({ same: (a, b) => a === b || (following(a) && following(b)) });

export function useRelationship(target: FollowTarget): Relationship {
  return usePending(relationships, target.id) ?? relationshipOf(target);
}

const isPerson =
  (id: string) =>
  (value: object): value is FollowTarget =>
    (value as FollowTarget).id === id && 'username' in value;

/**
 * A relationship the server confirmed: every cached copy of the person (profile, follow lists,
 * suggestions, likers) carries it; counts and lists that change with it refetch.
 */
export function setRelationshipInCaches(client: QueryClient, target: Pick<FollowTarget, 'id' | 'username'>, relationship: Relationship, viewerUsername?: string): void {
  patchEverywhere(client, isPerson(target.id), (person) => ({ ...person, ...fieldsOf(relationship) }));
  // Counts, and a private account's posts once followed, come from the profiles' page data.
  void client.invalidateQueries({ queryKey: pageDataKey(`/${target.username}/`) });
  if (viewerUsername) void client.invalidateQueries({ queryKey: pageDataKey(`/${viewerUsername}/`) });
  // Lists of followers and followings gain or lose the person when next shown.
  void client.invalidateQueries({ queryKey: [FOLLOW_LIST_KEY], refetchType: 'none' });
  // The feed brings (or stops bringing) their posts on its next refresh.
  void client.invalidateQueries({ queryKey: FEED_KEY, refetchType: 'none' });
}

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
function intendedBy(action: Action, target: FollowTarget): Relationship {
  if (action === 'follow') return target.is_private ? 'requested' : 'following';
  return 'none';
}

/**
 * Follow, unfollow (which also withdraws a request) and unblock (R-002-follow-lists-5): the button
 * changes at once and comes back with a toast if the call fails. Clicks made while a call runs
 * queue behind it (one call at a time per person; the last wish is what the server ends with).
 */
export function useFriendshipAction(target: FollowTarget) {
  const t = useT();
  const { showToast } = useToast();
  const { viewer } = useSession();
  const client = useQueryClient();
  const requireLogin = useRequireLogin('follow');
  const pending = usePending(relationships, target.id) !== undefined;
  const run = (action: Action) => {
    if (!requireLogin()) return;
    relationships
      .request(target.id, intendedBy(action, target), {
        server: relationshipOf(target),
        send: async (value, confirmed) => {
          const call: Action = following(value) ? 'follow' : confirmed === 'blocked' ? 'unblock' : 'unfollow';
          const answer = await apiPost<FollowAnswer>(`/web/friendships/${target.id}/${call}/`);
          // The server decides between following and requested.
          return call === 'follow' ? afterFollow(answer.result, target.is_private) : 'none';
        },
        commit: (value) => setRelationshipInCaches(client, target, value, viewer?.username),
      })
      .catch(() => showToast({ text: t(FAILED[action], { username: target.username }) }));
  };
  return { run, pending };
}

/** Block (after the menu's confirmation): follows end both ways, and every copy of the person shows it. */
export function useBlock(user: { id: string; username: string }, onBlocked: () => void) {
  const t = useT();
  const { showToast } = useToast();
  const { viewer } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(`/web/friendships/${user.id}/block/`),
    onSuccess: () => {
      onBlocked();
      setRelationshipInCaches(client, user, 'blocked', viewer?.username);
      showToast({ text: t('graph.blocked', { username: user.username }) });
    },
    onError: () => showToast({ text: t('graph.blockFailed', { username: user.username }) }),
  });
}

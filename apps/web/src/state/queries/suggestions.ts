import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SIMILAR_ACCOUNTS_MAX } from '@shutter/contract';
import { useToast } from '../toast/toast-context';
import {
  dismissFields,
  suggestedFetchCount,
  suggestionsState,
  withoutDismissed,
  type DismissSource,
  type Suggestion,
  type SuggestionSurface,
  type SuggestionsState,
} from './suggested-users';
import { apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { runQuery } from '../../lib/run-query';
import { createOptimistic, usePendingAll } from '../optimistic';

/** The suggestions resource: suggested accounts, a profile's similar accounts, and dismissing one. */

export const suggestedUsersKey = (count: number) => ['suggested-users', count] as const;
export const similarAccountsKey = (userId: string | undefined) => ['similar-accounts', userId] as const;
const SUGGESTION_LIST_KEYS = ['suggested-users', 'similar-accounts'] as const;

interface SuggestedUsersData {
  user: { edge_suggested_users: { edges: { node: Suggestion }[]; page_info: { has_next_page: boolean } } };
}

/** Query `suggested_users` for one surface (spec 000 §9 sets the count); empty or failed is "failed". */
export function useSuggestedUsers(surface: SuggestionSurface) {
  const count = suggestedFetchCount(surface);
  const query = useQuery({
    queryKey: suggestedUsersKey(count),
    queryFn: async () => {
      const data = await runQuery<SuggestedUsersData>('suggested_users', {
        fetch_suggested_count: count,
        seen_ids: [],
        filter_followed_friends: true,
        include_reel: false,
        ignore_cache: false,
        fetch_media_count: 0,
      });
      return data.user.edge_suggested_users.edges.map((edge) => edge.node);
    },
    retry: false,
    staleTime: 5 * 60_000,
  });
  return suggestionsState({ isError: query.isError, items: query.data });
}

interface SimilarAccountsData {
  user: { id: string; edge_chaining: { edges: { node: Suggestion }[] } };
}

/** Query `similar_accounts` ("chaining") for one profile; the panel and the full page share the answer. */
export function useSimilarAccounts(userId: string | undefined, { enabled = true } = {}) {
  const query = useQuery({
    queryKey: similarAccountsKey(userId),
    queryFn: async () => {
      const data = await runQuery<SimilarAccountsData>('similar_accounts', { id: userId, first: SIMILAR_ACCOUNTS_MAX });
      return data.user.edge_chaining.edges.map((edge) => edge.node);
    },
    enabled: enabled && Boolean(userId),
    retry: false,
    staleTime: 5 * 60_000,
  });
  return { state: suggestionsState({ isError: query.isError, items: query.data }), retry: () => void query.refetch() };
}

/** Pending dismissals per user id (state/optimistic.ts): true hides the account everywhere at once. */
export const dismissals = createOptimistic<boolean>();

/**
 * Dismissing hides the account at once and posts `dismiss_suggestion`; on failure it comes back
 * with a toast. The same call serves the feed and a profile's chaining list.
 */
export function useDismissSuggestion(source: DismissSource) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  const pending = usePendingAll(dismissals);
  const dismiss = (suggestion: Suggestion): Promise<void> => {
    const { id, username } = suggestion.user;
    return dismissals
      .request(id, true, {
        server: false,
        send: async (value) => {
          if (value) await apiPost('/web/discover/dismiss_suggestion/', dismissFields(id, source));
          return value;
        },
        // Every cached list forgets the account, so another surface opened later does not bring it back.
        commit: () => {
          for (const key of SUGGESTION_LIST_KEYS)
            client.setQueriesData<Suggestion[]>({ queryKey: [key] }, (items) => items?.filter((item) => item.user.id !== id));
        },
      })
      .catch(() => showToast({ text: t('account.suggestions.dismissFailed', { username }) }));
  };
  const visible = (state: SuggestionsState) => withoutDismissed(state, new Set([...pending].filter(([, on]) => on).map(([id]) => id)));
  return { dismiss, visible };
}

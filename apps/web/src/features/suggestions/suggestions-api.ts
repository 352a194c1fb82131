import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../app/toast/toast-provider';
import { apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { runQuery } from '../../lib/run-query';
import { dismissFields, suggestedFetchCount, suggestionsState, withoutDismissed, type DismissSource, type Suggestion, type SuggestionSurface, type SuggestionsState } from './suggested-users';

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

/**
 * Dismissing hides the account at once and posts `dismiss_suggestion`; on failure it comes back
 * with a toast. The same call serves the feed and a profile's chaining list.
 */
export function useDismissSuggestion(source: DismissSource) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const dismiss = async (suggestion: Suggestion) => {
    const { id, username } = suggestion.user;
    setDismissed((set) => new Set(set).add(id));
    try {
      await apiPost('/web/discover/dismiss_suggestion/', dismissFields(id, source));
      // Every cached list forgets the account, so another surface opened later does not bring it back.
      for (const key of SUGGESTION_LIST_KEYS)
        client.setQueriesData<Suggestion[]>({ queryKey: [key] }, (items) => items?.filter((item) => item.user.id !== id));
    } catch {
      setDismissed((set) => {
        const next = new Set(set);
        next.delete(id);
        return next;
      });
      showToast({ text: t('account.suggestions.dismissFailed', { username }) });
    }
  };
  const visible = (state: SuggestionsState) => withoutDismissed(state, dismissed);
  return { dismiss, visible };
}

import { useQuery } from '@tanstack/react-query';
import { SIMILAR_ACCOUNTS_MAX } from '@shutter/contract';
import { runQuery } from '../../lib/run-query';
import { suggestionsState, type Suggestion } from './suggested-users';
import { similarAccountsKey } from './suggestions-api';

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

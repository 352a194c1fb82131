import { requireSession } from '../../platform/session.js';
import type { QueryHandlers } from '../../platform/web/queries.js';
import type { Access } from '../access/service.js';
import type { Suggestions } from './service.js';

export function suggestionQueries(suggestions: Suggestions, access: Access): Partial<QueryHandlers> {
  return {
    suggested_users_count: async (_vars, request) => ({
      user: { edge_suggested_users: { count: await suggestions.count(requireSession(request).user.id) } },
    }),
    suggested_users: async ({ fetch_suggested_count, seen_ids }, request) => ({
      user: { edge_suggested_users: await suggestions.list(requireSession(request).user.id, fetch_suggested_count, seen_ids ?? []) },
    }),
    similar_accounts: async ({ id, first }, request) => {
      const viewerId = requireSession(request).user.id;
      // Chaining is offered for private accounts too (it shows accounts, not their posts), never across a block.
      await access.requireAccount(viewerId, id, 'people');
      return { user: { id, edge_chaining: await suggestions.similar(viewerId, id, first) } };
    },
  };
}

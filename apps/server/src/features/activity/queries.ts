import { requireSession } from '../../platform/session.js';
import type { QueryHandlers } from '../../platform/web/queries.js';
import type { Activity } from './service.js';

export function activityQueries(activity: Activity): Partial<QueryHandlers> {
  return {
    activity_counts: async (_vars, request) => ({
      user: { activity_counts: await activity.counts(requireSession(request).user.id) },
    }),
  };
}

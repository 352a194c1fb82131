import { presentViewer } from '../../platform/presenters.js';
import { requireSession } from '../../platform/session.js';
import type { Storage } from '../../platform/storage.js';
import type { QueryHandlers } from '../../platform/web/queries.js';
import type { AuthService } from './service.js';

export function authQueries(auth: AuthService, storage: Storage): Partial<QueryHandlers> {
  return {
    viewer: async (_vars, request) => ({
      user: request.session ? presentViewer(request.session.user, storage) : null,
    }),
    login_activity: async ({ first, after }, request) => {
      const session = requireSession(request);
      const page = await auth.listSessions(session.user.id, session.sessionId, first, after);
      return { user: { edge_sessions: { edges: page.sessions.map((node) => ({ node })), page_info: page.page_info } } };
    },
  };
}

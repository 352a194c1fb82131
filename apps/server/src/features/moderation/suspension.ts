import { ACCOUNT_SUSPENDED_MESSAGE, SUSPENDED_PAGE_PATH, type AccountSuspendedAnswer } from '@shutter/contract';
import type { SessionUser } from '../../platform/session-store.js';
import type { AppealTokens } from './appeal-token.js';
import type { ModerationRepository } from './repository.js';

/**
 * Where a suspension meets logging in: the login's refusal (after a right password only, so that
 * it tells nothing about accounts to a stranger), and the sessions' view of their user, which
 * drops a suspended person's every session whatever way it was made (password, two-factor,
 * one-tap, a provider) and carries the person's role for the client.
 */
export function createSuspensionGate(repo: Pick<ModerationRepository, 'standingOf' | 'sessionUser'>, tokens: AppealTokens) {
  return {
    async refusal(userId: string): Promise<AccountSuspendedAnswer | null> {
      if (!(await repo.standingOf([userId])).get(userId)?.suspended) return null;
      return { authenticated: false, status: 'fail', error_type: 'account_suspended', message: ACCOUNT_SUSPENDED_MESSAGE, appeal_token: tokens.issue(userId), suspended_path: SUSPENDED_PAGE_PATH };
    },

    /** A session's user, with their role; none for a suspended person, whose sessions are then over. */
    async sessionUser(id: string): Promise<SessionUser | undefined> {
      const row = await repo.sessionUser(id);
      if (!row || row.suspended_at) return undefined;
      return { id: row.id, username: row.username, full_name: row.full_name, profile_pic_key: row.profile_pic_key, role: row.role ?? 'member' };
    },
  };
}

import type { AdminAppealsAnswer, StrikesAnswer } from '@shutter/contract';
import { badRequest, conflict, failWith, notFound } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Activity } from '../activity/service.js';
import type { AppealTokens } from './appeal-token.js';
import { appealNotice } from './notices.js';
import type { ModerationPresenter } from './present.js';
import type { ModerationRepository, StrikeRow } from './repository.js';
import type { Things } from './things.js';

export interface AppealDeps {
  repo: ModerationRepository;
  present: ModerationPresenter;
  things: Things;
  tokens: AppealTokens;
  activity: Pick<Activity, 'notify'>;
  nextId: IdGenerator;
  postsChanged: (...ids: string[]) => Promise<void>;
}

const PAGE = 20;

/**
 * Strikes and appeals: the owner reads their strikes and appeals each once (with a session, or a
 * suspended person with their login's appeal token); a moderator accepts (the decision is undone)
 * or rejects.
 */
export function createAppeals(deps: AppealDeps) {
  const { repo, present, things, tokens, activity, nextId } = deps;

  /** Who asks: the session's person, else the one the appeal token is for. */
  function ownerOf(sessionUserId: string | null, token: string | undefined): string {
    if (sessionUserId) return sessionUserId;
    const userId = token ? tokens.verify(token) : null;
    if (!userId) throw failWith(401, { code: 'login_required' }, { error_type: 'appeal_token_invalid' });
    return userId;
  }

  /** Puts back what the strike took away, in the decision's transaction. */
  async function undo(trx: Parameters<Parameters<ModerationRepository['transaction']>[0]>[0], s: StrikeRow): Promise<string[]> {
    switch (s.action) {
      case 'remove':
        if (s.object_type && s.object_id) await repo.deleteRemoval(trx, s.object_type, s.object_id);
        return [];
      case 'sensitive': {
        const posts = s.object_type === 'media' && s.object_id ? [s.object_id] : await things.posts.idsOfOwner(s.user_id);
        return things.posts.setSensitive(trx, posts, null);
      }
      case 'silence':
        await repo.setLimited(trx, s.user_id, null);
        return [];
      case 'suspend':
        await repo.setSuspended(trx, s.user_id, null, null);
        return [];
      case 'warn':
        return [];
    }
  }

  return {
    ownerOf,

    async strikes(userId: string): Promise<StrikesAnswer> {
      const [rows, standing] = await Promise.all([repo.strikesOf(userId), repo.standingOf([userId])]);
      return { strikes: await present.strikes(rows), suspended: standing.get(userId)?.suspended ?? false, status: 'ok' };
    },

    async appeal(userId: string, strikeId: string, text: string) {
      const found = await repo.strike(strikeId);
      if (!found || found.user_id !== userId) throw notFound('No such strike.');
      if (found.reversed_at) throw badRequest('This decision was already reversed.');
      if (found.appeal_state || !(await repo.appeal(strikeId, userId, text))) throw badRequest('You already asked us to review this decision. You can appeal once.');
      const [presented] = await present.strikes([(await repo.strike(strikeId))!]);
      return { strike: presented!, status: 'ok' as const };
    },

    /** Pending appeals first, then decided ones, each newest first; `max_id` is the last strike shown. */
    async list(maxId: string | null): Promise<AdminAppealsAnswer> {
      const from = maxId ? await repo.strike(maxId) : undefined;
      const inPending = !from || from.appeal_state === 'pending';
      const pending = inPending ? await repo.appeals(true, from ? from.id : null, PAGE) : [];
      const decided = pending.length > PAGE ? [] : await repo.appeals(false, inPending ? null : from!.id, PAGE - pending.length);
      const rows = [...pending, ...decided];
      const page = rows.slice(0, PAGE);
      const [strikes, accounts] = await Promise.all([present.strikes(page), present.accounts(page.map((s) => s.user_id))]);
      return {
        appeals: page.map((s, i) => ({ strike: strikes[i]!, account: accounts.get(s.user_id)! })),
        next_max_id: rows.length > PAGE ? page[page.length - 1]!.id : null,
        status: 'ok',
      };
    },

    async decide(moderatorId: string, strikeId: string, state: 'accepted' | 'rejected') {
      const found = await repo.strike(strikeId);
      if (!found) throw notFound('No such strike.');
      if (found.appeal_state !== 'pending') throw conflict(found.appeal_state ? 'This appeal was decided already.' : 'Nobody appealed this strike.');
      const changedPosts = await repo.transaction(async (trx) => {
        if (!(await repo.decideAppeal(trx, strikeId, state, moderatorId))) throw conflict('This appeal was decided already.');
        const posts = state === 'accepted' ? await undo(trx, found) : [];
        await repo.logAction(trx, {
          id: nextId(), moderator_id: moderatorId, action: state === 'accepted' ? 'appeal_accepted' : 'appeal_rejected', target_user_id: found.user_id,
          report_id: found.report_id, object_type: found.object_type, object_id: found.object_id, text: '',
        });
        return posts;
      });
      if (changedPosts.length) await deps.postsChanged(...changedPosts);
      await activity.notify([{ userId: found.user_id, type: 'appeal_decided', text: appealNotice(state, found.action) }]);
      const [presented] = await present.strikes([(await repo.strike(strikeId))!]);
      return { strike: presented!, status: 'ok' as const };
    },
  };
}
export type Appeals = ReturnType<typeof createAppeals>;

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FOLLOW_LIMIT, isId } from '@shutter/contract';
import { followAnswer, ok as okAnswer, privacyRestricted, privacySet } from '@shutter/contract/results';
import { keyedLimit, perAccount } from '../../platform/rate-limits.js';
import { requireSession } from '../../platform/session.js';
import type { FriendshipsService } from './service.js';

const params = z.object({ id: z.string().refine(isId, 'id must be a user id.') });
const ok = { status: 'ok' as const };

/** Switching privacy back and forth: at most this many times an hour in each direction. */
export const PRIVACY_SWITCH_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };
const PRIVACY_DIALOG = {
  private: { title: "You can't make your account private right now", message: 'You changed your privacy setting several times recently. Try again in an hour.' },
  public: { title: "You can't make your account public right now", message: 'You changed your privacy setting several times recently. Try again in an hour.' },
};

export function registerFriendshipRoutes(app: FastifyInstance, friendships: FriendshipsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One budget: following and unfollowing in a loop would notify someone again and again.
  const follows = perAccount(app, 'follow', FOLLOW_LIMIT);
  const switches = {
    private: keyedLimit(app, 'privacy-private', PRIVACY_SWITCH_LIMIT),
    public: keyedLimit(app, 'privacy-public', PRIVACY_SWITCH_LIMIT),
  };

  r.post('/web/friendships/:id/follow/', { schema: { tags: ['friendships'], summary: 'Follow, or request to follow a private account', params, response: { 200: followAnswer } }, preHandler: follows }, async (request) => {
    const result = await friendships.follow(requireSession(request).user.id, request.params.id);
    return { result, ...ok };
  });

  const simple = [
    ['unfollow', 'Unfollow, or withdraw a follow request', friendships.unfollow],
    ['block', 'Block: follows and requests end both ways; each is hidden from the other', friendships.block],
    ['unblock', 'Unblock', friendships.unblock],
    ['approve', 'Accept the follow request of this user (owner of a private account)', friendships.approve],
    ['ignore', 'Delete the follow request of this user', friendships.ignore],
  ] as const;
  for (const [action, summary, run] of simple) {
    r.post(`/web/friendships/:id/${action}/`, { schema: { tags: ['friendships'], summary, params, response: { 200: okAnswer } }, preHandler: action === 'unfollow' ? follows : [] }, async (request) => {
      await run(requireSession(request).user.id, request.params.id);
      return ok;
    });
  }

  for (const to of ['private', 'public'] as const) {
    r.post(`/accounts/set_${to}/`, { schema: { tags: ['accounts'], summary: `Make the account ${to}`, response: { 200: privacySet, 429: privacyRestricted } } }, async (request, reply) => {
      const session = requireSession(request);
      if (!(await switches[to](session.user.id)).allowed) {
        return reply.code(429).send({
          status: 'fail', message: PRIVACY_DIALOG[to].message, has_private_public_switch_restriction: true,
          privacy_rate_limit_dialog_title: PRIVACY_DIALOG[to].title, privacy_rate_limit_dialog_message: PRIVACY_DIALOG[to].message,
        });
      }
      await friendships.setPrivate(session.user.id, to === 'private');
      return { is_private: to === 'private', ...ok };
    });
  }
}

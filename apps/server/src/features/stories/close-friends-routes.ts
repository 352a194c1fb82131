import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { closeFriendsAnswer, closeFriendsSetAnswer } from '@shutter/contract/results';
import { requireSession } from '../../platform/session.js';
import type { CloseFriends } from './close-friends.js';
import { idList } from './highlight-routes.js';
import { BODY_BYTES } from '../../platform/body-limits.js';

export function registerCloseFriendsRoutes(app: FastifyInstance, closeFriends: CloseFriends): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/web/close_friends/', {
    schema: {
      tags: ['stories'], summary: "The viewer's close friends, then their other followers, to choose from; optionally filtered by name",
      querystring: z.object({ query: z.string().max(100).optional(), after: z.string().max(200).optional() }),
      response: { 200: closeFriendsAnswer },
    },
  }, async (request) => closeFriends.page(requireSession(request).user.id, request.query.query?.trim() || null, request.query.after));

  r.post('/web/close_friends/set/', {
    schema: {
      tags: ['stories'], summary: 'Add people to the close friends list and take others off it',
      body: z.object({ add: idList.optional(), remove: idList.optional() }),
      response: { 200: closeFriendsSetAnswer },
    },
    bodyLimit: BODY_BYTES.text,
  }, async (request) => closeFriends.set(requireSession(request).user.id, request.body.add ?? [], request.body.remove ?? []));
}

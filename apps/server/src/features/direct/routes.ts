import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DIRECT_GROUP_MAX_MEMBERS, DIRECT_INBOX_THREAD_MESSAGES, DIRECT_INBOX_THREADS, DIRECT_SEND_LIMIT, DIRECT_THREAD_PAGE, DIRECT_THREAD_PAGE_MAX,
  DIRECT_TITLE_MAX_LENGTH, isId,
} from '@shutter/contract';
import { badgeCountAnswer, createThreadAnswer, directInbox, directItemAnswer, directPendingInbox, directThreadAnswer, ok } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { sendJsonText } from '../../platform/kept-json.js';
import { perAccount } from '../../platform/rate-limits.js';
import { jsonList } from '../../platform/form-lists.js';
import { requireSession } from '../../platform/session.js';
import type { Direct } from './service.js';

/** The budget every message shares, whichever way it is sent (the channel, the broadcasts, new threads). */
export const DIRECT_SEND_PACE = 'direct-send';

const id = z.string().refine(isId, 'ids are decimal ids.');
/** Ids as a JSON list in a form field or a JSON string, or a list in a JSON body. */
export const idList = (max: number) =>
  jsonList(z.array(z.union([id, z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).transform(String)])).max(max), { absentIsEmpty: true, notJson: 'Expected a JSON list of ids.' });
const flag = z.enum(['true', 'false', '1', '0']).optional();
const cursor = z.string().max(200).optional();
const threadParams = z.object({ threadId: id });
const itemParams = z.object({ threadId: id, itemId: id });
const userIds = z.object({ user_ids: idList(DIRECT_GROUP_MAX_MEMBERS) });
const tags = ['direct'];
const read = (summary: string) => ({ tags, summary, security: SECURITY.session });

/** Direct messages over HTTP (spec 002 §7): reads, requests, items, threads and groups; logged in, POSTs with the csrf token. */
export function registerDirectRoutes(app: FastifyInstance, direct: Direct): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pace = perAccount(app, DIRECT_SEND_PACE, DIRECT_SEND_LIMIT);
  const viewer = (request: FastifyRequest) => requireSession(request).user.id;

  r.get('/direct_v2/web/inbox/', {
    schema: {
      ...read("The viewer's inbox: threads by most recent activity, each with its newest messages, and the channel sequence it was read at"),
      querystring: z.object({
        persistentBadging: flag,
        limit: z.coerce.number().int().min(1).max(DIRECT_INBOX_THREADS).default(DIRECT_INBOX_THREADS),
        thread_message_limit: z.coerce.number().int().min(1).max(DIRECT_INBOX_THREAD_MESSAGES).default(DIRECT_INBOX_THREAD_MESSAGES),
        cursor,
        seq_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional()
          .describe('The highest sequence number the client was told of (a real-time event): the answer is at least that new'),
      }),
      response: { 200: directInbox },
    },
  }, async (request, reply) => {
    const { limit, thread_message_limit: threadMessageLimit, cursor, seq_id: seenSeq } = request.query;
    const answer = await direct.inboxAnswer(viewer(request), { limit, threadMessageLimit, cursor, seenSeq });
    return 'json' in answer ? sendJsonText(reply, answer.json) : answer;
  });

  r.get('/direct_v2/web/pending_inbox/', {
    schema: { ...read("The viewer's message requests: threads from people they do not follow, until approved"), querystring: z.object({ cursor }), response: { 200: directPendingInbox } },
  }, async (request) => direct.pendingInbox(viewer(request), { limit: DIRECT_INBOX_THREADS, threadMessageLimit: DIRECT_INBOX_THREAD_MESSAGES, cursor: request.query.cursor }));

  r.get('/direct_v2/web/threads/:threadId/', {
    schema: {
      ...read('A thread and a page of its messages, newest first; cursor pages to older ones (members only)'),
      params: threadParams,
      querystring: z.object({ cursor, limit: z.coerce.number().int().min(1).max(DIRECT_THREAD_PAGE_MAX).default(DIRECT_THREAD_PAGE) }),
      response: { 200: directThreadAnswer },
    },
  }, async (request) => ({ thread: await direct.thread(viewer(request), request.params.threadId, request.query), status: 'ok' as const }));

  r.get('/direct_v2/web/get_badge_count/', {
    schema: { ...read("The viewer's unseen threads (muted ones and requests left out) and the channel sequence"), querystring: z.object({ no_raven: flag }), response: { 200: badgeCountAnswer } },
  }, async (request) => ({ ...(await direct.badge(viewer(request))), status: 'ok' as const }));

  r.post('/direct_v2/web/threads/approve_all/', {
    schema: { tags, summary: 'Move every message request to the inbox', response: { 200: ok } },
  }, async (request) => { await direct.approve(viewer(request), 'all'); return { status: 'ok' as const }; });

  r.post('/direct_v2/web/threads/decline_all/', {
    schema: { tags, summary: 'Decline every message request', response: { 200: ok } },
  }, async (request) => { await direct.decline(viewer(request), 'all'); return { status: 'ok' as const }; });

  const threadIds = z.object({ thread_ids: idList(100) });
  r.post('/direct_v2/web/threads/approve_multiple/', {
    schema: { tags, summary: 'Move these message requests to the inbox (thread_ids: a JSON list)', body: threadIds, response: { 200: ok } },
  }, async (request) => { await direct.approve(viewer(request), request.body.thread_ids); return { status: 'ok' as const }; });

  r.post('/direct_v2/web/threads/decline_multiple/', {
    schema: { tags, summary: 'Decline these message requests (thread_ids: a JSON list)', body: threadIds, response: { 200: ok } },
  }, async (request) => { await direct.decline(viewer(request), request.body.thread_ids); return { status: 'ok' as const }; });

  r.post('/direct_v2/web/threads/:threadId/items/:itemId/seen/', {
    schema: { tags, summary: 'The viewer saw the thread up to this message', params: itemParams, response: { 200: ok } },
  }, async (request) => { await direct.markSeen(viewer(request), request.params.threadId, request.params.itemId); return { status: 'ok' as const }; });

  r.post('/direct_v2/web/threads/:threadId/items/:itemId/delete/', {
    schema: { tags, summary: 'Unsend one of the viewer\'s own messages, for everyone', params: itemParams, response: { 200: ok } },
  }, async (request) => { await direct.deleteItem(viewer(request), request.params.threadId, request.params.itemId); return { status: 'ok' as const }; });

  r.post('/direct_v2/web/threads/:threadId/items/:itemId/like/', {
    schema: { tags, summary: 'Like a message (again changes nothing)', params: itemParams, response: { 200: directItemAnswer } },
  }, async (request) => ({ thread_id: request.params.threadId, item: await direct.like(viewer(request), request.params.threadId, request.params.itemId), status: 'ok' as const }));

  r.post('/direct_v2/web/threads/:threadId/items/:itemId/unlike/', {
    schema: { tags, summary: 'Take back a like of a message (again changes nothing)', params: itemParams, response: { 200: directItemAnswer } },
  }, async (request) => ({ thread_id: request.params.threadId, item: await direct.unlike(viewer(request), request.params.threadId, request.params.itemId), status: 'ok' as const }));

  r.post('/direct_v2/web/create_group_thread/', {
    schema: {
      tags, summary: 'The thread with these people (recipient_users: a JSON list): with one, their one-to-one thread; with several, a new group',
      body: z.object({ recipient_users: idList(DIRECT_GROUP_MAX_MEMBERS * 2) }), response: { 200: createThreadAnswer },
    },
    config: { failures: [404] },
    preHandler: pace,
  }, async (request) => {
    const { threadId, thread } = await direct.createThread(viewer(request), request.body.recipient_users);
    return { thread_id: threadId, thread, status: 'ok' as const };
  });

  const threadAction = (path: string, summary: string, act: (viewerId: string, threadId: string) => Promise<void>) =>
    r.post(`/direct_v2/web/threads/:threadId/${path}/`, { schema: { tags, summary, params: threadParams, response: { 200: ok } } }, async (request) => {
      await act(viewer(request), request.params.threadId);
      return { status: 'ok' as const };
    });
  threadAction('mute', 'Mute a thread: it stays in the inbox but no longer counts in the badge', direct.mute);
  threadAction('unmute', 'Unmute a thread', direct.unmute);
  threadAction('leave', 'Leave a group (a one-to-one thread is hidden instead)', direct.leave);
  threadAction('hide', 'Hide a thread from the inbox until its next message', direct.hide);

  r.post('/direct_v2/web/threads/:threadId/add_user/', {
    schema: { tags, summary: 'Add people to a group (user_ids: a JSON list); they wait for an admin when the group requires approval', params: threadParams, body: userIds, response: { 200: directThreadAnswer } },
    preHandler: pace,
  }, async (request) => ({ thread: await direct.addUsers(viewer(request), request.params.threadId, request.body.user_ids), status: 'ok' as const }));

  r.post('/direct_v2/web/threads/:threadId/update_title/', {
    schema: { tags, summary: 'Name a group (an empty title clears it)', params: threadParams, body: z.object({ title: z.string().max(DIRECT_TITLE_MAX_LENGTH * 4) }), response: { 200: directThreadAnswer } },
  }, async (request) => ({ thread: await direct.updateTitle(viewer(request), request.params.threadId, request.body.title), status: 'ok' as const }));

  const adminAction = (path: string, summary: string, act: (viewerId: string, threadId: string, ids: string[]) => Promise<unknown>) =>
    r.post(`/direct_v2/web/threads/:threadId/${path}/`, { schema: { tags, summary: `${summary} (admins only)`, params: threadParams, body: userIds, response: { 200: directThreadAnswer } } }, async (request) => {
      const viewerId = viewer(request);
      await act(viewerId, request.params.threadId, request.body.user_ids);
      return { thread: await direct.inboxThread(viewerId, request.params.threadId, DIRECT_INBOX_THREAD_MESSAGES), status: 'ok' as const };
    });
  adminAction('add_admins', 'Make these members admins of the group', direct.addAdmins);
  adminAction('remove_admins', 'Take the admin role from these members', direct.removeAdmins);
  adminAction('remove_users', 'Remove these people from the group', direct.removeUsers);
  adminAction('approve_participant_requests', 'Let in these people waiting to join', direct.approveJoinRequests);

  r.post('/direct_v2/web/threads/:threadId/approval_required_for_new_members/', {
    schema: { tags, summary: 'Whether people added by members who are not admins wait for an admin (admins only)', params: threadParams, body: z.object({ enabled: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]) }), response: { 200: directThreadAnswer } },
  }, async (request) => ({
    thread: await direct.setApprovalRequired(viewer(request), request.params.threadId, [true, 'true', '1'].includes(request.body.enabled)),
    status: 'ok' as const,
  }));
}

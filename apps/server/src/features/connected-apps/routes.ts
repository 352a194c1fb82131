import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCEPT_APP_INVITE_PATH, APP_INVITE_LIMIT, APP_REGISTER_LIMIT, APP_TESTERS_PATH, APPS_PATH, appClientBody, DECLINE_APP_INVITE_PATH,
  inviteTesterBody, MANAGE_ACCESS_APPS_PATH, registerAppBody, REVOKE_APP_PATH,
} from '@shutter/contract';
import { consentDone, inviteAccepted, ok, registeredApp } from '@shutter/contract/results';
import { perAccount, perAddress } from '../../platform/rate-limits.js';
import { requireSession } from '../../platform/session.js';
import type { ConnectedApps } from './service.js';

const tags = ['connected apps'];
const raw = (request: FastifyRequest, reply: FastifyReply) => ({ req: request.raw, res: reply.raw });
const uidParams = z.object({ uid: z.string().min(1).max(100) });

export function registerConnectedAppsRoutes(app: FastifyInstance, apps: ConnectedApps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Anyone may register an app, as on Mastodon: nothing of a visitor's session is used, so no CSRF token is asked for.
  r.post(APPS_PATH, {
    schema: {
      tags, summary: 'Register an app (Mastodon-compatible): client_name, redirect_uris, scopes ("read", "read write"), website',
      description: 'Answers the client_id and client_secret the app uses at /oauth/authorize and /oauth/token (authorization code with PKCE S256).',
      security: [{}], body: registerAppBody, response: { 200: registeredApp },
    },
    config: { csrf: false, ...perAddress(APP_REGISTER_LIMIT) },
  }, async (request) => apps.register(request.body, null));

  // A developer registering from their account: the app is theirs, and they may invite testers to it.
  r.post(MANAGE_ACCESS_APPS_PATH, {
    schema: { tags, summary: 'Register an app owned by the logged-in developer', body: registerAppBody, response: { 200: registeredApp } },
    preHandler: perAccount(app, 'app-register', APP_REGISTER_LIMIT),
  }, async (request) => apps.register(request.body, requireSession(request).user.id));

  r.post(APP_TESTERS_PATH, {
    schema: { tags, summary: 'Invite a person to test an app (its developer only)', params: z.object({ client_id: z.string().min(1).max(100) }), body: inviteTesterBody, response: { 200: ok } },
    config: { failures: [403, 404] },
    preHandler: perAccount(app, 'app-invite', APP_INVITE_LIMIT),
  }, async (request) => {
    await apps.invite(requireSession(request).user.id, request.params.client_id, request.body.username);
    return { status: 'ok' as const };
  });

  r.post(REVOKE_APP_PATH, {
    schema: { tags, summary: "Remove an app's access: its grant and every token it holds for you end at once", body: appClientBody, response: { 200: ok } },
    config: { failures: [404] },
  }, async (request) => {
    await apps.revoke(requireSession(request).user.id, request.body.client_id);
    return { status: 'ok' as const };
  });

  r.post(ACCEPT_APP_INVITE_PATH, {
    schema: { tags, summary: 'Accept an invitation to test an app', body: appClientBody, response: { 200: inviteAccepted } },
    config: { failures: [404] },
  }, async (request) => ({ accepted_time: await apps.acceptInvite(requireSession(request).user.id, request.body.client_id), status: 'ok' as const }));

  r.post(DECLINE_APP_INVITE_PATH, {
    schema: { tags, summary: 'Decline an invitation to test an app (it is removed)', body: appClientBody, response: { 200: ok } },
    config: { failures: [404] },
  }, async (request) => {
    await apps.declineInvite(requireSession(request).user.id, request.body.client_id);
    return { status: 'ok' as const };
  });

  // Under the consent page's path, where the authorization server's interaction cookie is sent.
  r.post('/oauth/consent/:uid/allow/', {
    schema: { tags, summary: "Allow the app's request: answers where the browser goes next (back to the app, with a code)", params: uidParams, response: { 200: consentDone } },
  }, async (request, reply) => ({ location: await apps.allow(request.params.uid, requireSession(request).user.id, raw(request, reply)), status: 'ok' as const }));

  r.post('/oauth/consent/:uid/cancel/', {
    schema: { tags, summary: "Cancel the app's request: answers where the browser goes next (back to the app, with access_denied)", params: uidParams, response: { 200: consentDone } },
  }, async (request, reply) => {
    requireSession(request);
    return { location: await apps.cancel(request.params.uid, raw(request, reply)), status: 'ok' as const };
  });
}

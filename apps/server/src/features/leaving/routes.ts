import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_CHANGE_LIMIT, dataDownloadBody, leavingBody } from '@shutter/contract';
import { accountLeft, dataDownloadStatus, failure } from '@shutter/contract/results';
import { notFound } from '../../platform/errors.js';
import { perAccount } from '../../platform/rate-limits.js';
import { clearSession, requireSession } from '../../platform/session.js';
import type { Storage } from '../../platform/storage.js';
import type { Leaving } from './service.js';

const LINK_GONE = 'This download link has already been used or has expired. Ask for a new copy of your data in Settings.';
const LINK_ABSENT = "This download link isn't available. Log in as the account that asked for the data.";

export function registerLeavingRoutes(app: FastifyInstance, leaving: Leaving, storage: Pick<Storage, 'localPath'>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The same budget as every other check of the current password (password and email changes).
  const passwordPace = perAccount(app, 'password-change', PASSWORD_CHANGE_LIMIT);

  r.post('/accounts/deactivate/', {
    schema: { tags: ['accounts'], summary: 'Deactivate the account: hidden from everyone until the next login; every session ends', body: leavingBody, response: { 200: accountLeft, 400: failure } },
    preHandler: passwordPace,
  }, async (request, reply) => {
    const session = requireSession(request);
    const { purge_after } = await leaving.deactivate(session.user.id, request.body);
    clearSession(request, reply);
    return { status: 'ok' as const, logged_out: true as const, purge_after };
  });

  r.post('/accounts/delete/', {
    schema: { tags: ['accounts'], summary: 'Delete the account: hidden at once, purged after ACCOUNT_DELETION_DAYS unless its person logs in again', body: leavingBody, response: { 200: accountLeft, 400: failure } },
    preHandler: passwordPace,
  }, async (request, reply) => {
    const session = requireSession(request);
    const { purge_after } = await leaving.requestDeletion(session.user.id, request.body);
    clearSession(request, reply);
    return { status: 'ok' as const, logged_out: true as const, purge_after };
  });

  r.post('/accounts/download_data/', {
    schema: { tags: ['accounts'], summary: 'Ask for a copy of your data: a link to it is mailed when it is ready', body: dataDownloadBody, response: { 200: dataDownloadStatus, 400: failure } },
    preHandler: passwordPace,
  }, async (request) => {
    const session = requireSession(request);
    return { ...(await leaving.requestDownload(session.user.id, request.body.password)), status: 'ok' as const };
  });

  // The archive behind a mailed link: for its owner, once, within its days (410 afterwards).
  r.get('/accounts/download_data/:token/', {
    // A zip, not JSON: kept out of the API document like the other files served.
    schema: { hide: true, params: z.object({ token: z.string().min(1).max(100) }) },
  }, async (request, reply) => {
    // A link opened logged out leads through the login and back.
    if (!request.session && request.headers.accept?.includes('text/html')) {
      return reply.redirect(`/accounts/login/?next=${encodeURIComponent(request.url)}`, 302);
    }
    const session = requireSession(request);
    const taken = await leaving.takeDownload(session.user.id, request.params.token);
    if ('refused' in taken) {
      if (taken.refused === 'absent') throw notFound(LINK_ABSENT);
      return reply.code(410).send({ status: 'fail', message: LINK_GONE });
    }
    const file = await storage.localPath(taken.key);
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .type('application/zip')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="shutter_${session.user.username}_${date}.zip"`)
      .send(fs.createReadStream(file));
  });
}

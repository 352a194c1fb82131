import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { suspiciousLoginBody } from '@shutter/contract';
import { failure, ok } from '@shutter/contract/results';
import { clearSession, requireSession } from '../../platform/session.js';
import type { LoginPlaces } from './login-places.js';

/** Spec 001 "Login activity": a suspicious login confirmed (avow), the confirmation undone, or disavowed. */
export function registerLoginPlacesRoutes(app: FastifyInstance, places: LoginPlaces): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = (summary: string) => ({ tags: ['accounts'], summary, body: suspiciousLoginBody, response: { 200: ok, 404: failure } });

  r.post('/session/login_activity/avow_login/', { schema: schema('"This was me": a suspicious login is confirmed, its place known') }, async (request) => {
    await places.avow(requireSession(request).user.id, request.body.login_id);
    return { status: 'ok' as const };
  });

  r.post('/session/login_activity/undo_avow_login/', { schema: schema('Undo "This was me"') }, async (request) => {
    await places.undoAvow(requireSession(request).user.id, request.body.login_id);
    return { status: 'ok' as const };
  });

  r.post('/session/login_activity/disavow_login/', { schema: schema('"This wasn\'t me": that login ends; the client asks for a new password') }, async (request, reply) => {
    const session = requireSession(request);
    await places.disavow(session.user.id, request.body.login_id);
    if (request.body.login_id === session.sessionId) clearSession(request, reply);
    return { status: 'ok' as const };
  });
}

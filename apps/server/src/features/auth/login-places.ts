import { isIP } from 'node:net';
import type { Db } from '../../db/database.js';
import { notFound } from '../../platform/errors.js';
import type { Outbox } from '../../platform/outbox.js';
import { createSessionRepository } from '../../platform/session.repository.js';
import { describeDevice } from './devices.js';
import { createLoginPlacesRepository } from './login-places.repository.js';

/** A login's place: the kind of device and browser, and the network (a mobile's address moves inside it). */
export function placeOf(client: { userAgent: string; ip: string }) {
  const { device, browser, os } = describeDevice(client.userAgent);
  const ip = client.ip.replace(/^::ffff:/, '');
  const network = isIP(ip) === 4 ? ip.split('.').slice(0, 2).join('.') : ip.split(':').slice(0, 4).join(':');
  return { device: `${device} · ${os} · ${browser}`, network };
}

/**
 * Sign-ins the owner did not make (spec 001 "Login activity"): a login from a place the account
 * has not used is suspicious, and its owner is mailed. In login activity the owner says "This was
 * me" (the place becomes known; undoable) or "This wasn't me" (that session ends, and the client
 * sends them to change the password).
 */
export function createLoginPlaces(db: Db, outbox: Outbox, publicUrl: string, endSession: (userId: string, sessionId: string) => Promise<unknown>) {
  const places = createLoginPlacesRepository(db);
  const sessions = createSessionRepository(db);

  async function ownSession(userId: string, sessionId: string) {
    const session = await sessions.findForUser(userId, sessionId);
    if (!session) throw notFound('That login has already ended.');
    return session;
  }

  return {
    /** The account's first place (its signup) is known from the start. */
    remember: (userId: string, client: { userAgent: string; ip: string }) => places.remember(userId, placeOf(client)),

    async afterLogin(user: { id: string; username: string; email: string }, sessionId: string, client: { userAgent: string; ip: string }): Promise<void> {
      const place = placeOf(client);
      const { known, any } = await places.lookup(user.id, place);
      if (known) return;
      if (!any) {
        await places.remember(user.id, place);
        return;
      }
      await sessions.markSuspicious(sessionId);
      if (!user.email) return;
      await outbox.send({
        channel: 'email',
        recipient: user.email,
        subject: 'A new login to your Shutter account',
        body: `Hi ${user.username},\n\nYour account was just logged in to from ${place.device}, at ${client.ip}, a device and place it had not been used from.\n\nIf this was you, you can confirm it in your login activity, and nothing else is needed:\n${publicUrl}/session/login_activity/\n\nIf it wasn't, open the same page, choose "This wasn't me" to end that login, and change your password.`,
      }, { userId: user.id, kind: 'security' });
    },

    async list(userId: string, currentSessionId: string) {
      const rows = await sessions.listSuspicious(userId);
      return rows.map((s) => ({
        id: s.id,
        ...describeDevice(s.user_agent),
        ip: s.ip,
        login_timestamp: Math.floor(s.created_at.getTime() / 1000),
        is_confirmed: s.confirmed_at !== null,
        is_current: s.id === currentSessionId,
      }));
    },

    async avow(userId: string, sessionId: string): Promise<void> {
      const session = await ownSession(userId, sessionId);
      if (!(await sessions.confirmSuspicious(userId, sessionId, new Date()))) throw notFound('That login has already ended.');
      await places.remember(userId, placeOf({ userAgent: session.user_agent, ip: session.ip }));
    },

    async undoAvow(userId: string, sessionId: string): Promise<void> {
      const session = await ownSession(userId, sessionId);
      if (!(await sessions.confirmSuspicious(userId, sessionId, null))) throw notFound('That login has already ended.');
      await places.forget(userId, placeOf({ userAgent: session.user_agent, ip: session.ip }));
    },

    /** Ends that session and forgets its place; the caller then asks for a new password. */
    async disavow(userId: string, sessionId: string): Promise<void> {
      const session = await ownSession(userId, sessionId);
      await places.forget(userId, placeOf({ userAgent: session.user_agent, ip: session.ip }));
      await endSession(userId, sessionId);
    },
  };
}
export type LoginPlaces = ReturnType<typeof createLoginPlaces>;

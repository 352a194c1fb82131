import { isId } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../platform/errors.js';
import { fieldError } from '../../platform/field-errors.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Outbox } from '../../platform/outbox.js';
import type { Pace } from '../../platform/rate-limits.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import { passwordProblem } from '../auth/signup-rules.js';

const RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_SENT_MESSAGE = 'If an account matches, we sent an email with a link to get back into it.';
const INVALID_LINK = 'This link is invalid or has expired. Request a new one.';

/** Password reset by emailed link. The answer never says whether an account exists. */
export function createPasswordReset(db: Db, outbox: Outbox, forgetSessions: (userId: string) => void) {
  return {
    /**
     * `mailPace` is the limit per account, whoever asks: past it no mail goes out, and the answer
     * stays the same, so that the limit cannot tell which accounts exist.
     */
    async request(login: string, origin: string, mailPace: (accountKey: string) => Promise<Pace>): Promise<void> {
      const key = login.trim().toLowerCase();
      const user = await db
        .selectFrom('users')
        .select(['id', 'username', 'email'])
        .where((eb) => eb.or([eb('username_lower', '=', key), eb('email_lower', '=', key)]))
        .executeTakeFirst();
      if (!user) return;
      if (!(await mailPace(user.id)).allowed) return;
      const token = randomToken();
      await db
        .insertInto('password_resets')
        .values({ token_hash: sha256(token), user_id: user.id, expires_at: new Date(Date.now() + RESET_TTL_MS) })
        .execute();
      const link = `${origin}/accounts/password/reset/confirm/?uid=${user.id}&token=${token}`;
      await outbox.send({
        channel: 'email',
        recipient: user.email,
        subject: 'Reset your Shutter password',
        body: `Hi ${user.username},\n\nSomeone asked to reset the password of your account. If it was you, open this link within an hour:\n${link}\n\nIf it wasn't, you can ignore this email.`,
      });
    },

    async confirm(input: { uid: string; token: string; new_password1: string; new_password2: string }): Promise<void> {
      if (!isId(input.uid)) throw badRequest(INVALID_LINK);
      await db.transaction().execute(async (trx) => {
        const reset = await trx
          .selectFrom('password_resets')
          .innerJoin('users', 'users.id', 'password_resets.user_id')
          .select(['password_resets.token_hash', 'users.id', 'users.username', 'users.email'])
          .where('password_resets.token_hash', '=', sha256(input.token))
          .where('password_resets.user_id', '=', input.uid)
          .where('password_resets.used_at', 'is', null)
          .where('password_resets.expires_at', '>', new Date())
          .forUpdate()
          .executeTakeFirst();
        if (!reset) throw badRequest(INVALID_LINK);
        const problem = passwordProblem(input.new_password1, reset);
        if (problem) throw fieldError('new_password1', problem.code, problem.params);
        if (input.new_password1 !== input.new_password2) throw fieldError('new_password2', 'passwords_differ');
        await trx.updateTable('users').set({ password_hash: await hashPassword(input.new_password1), password_changed_at: new Date() }).where('id', '=', reset.id).execute();
        await trx.updateTable('password_resets').set({ used_at: new Date() }).where('user_id', '=', reset.id).where('used_at', 'is', null).execute();
        // Whoever knew the old password is logged out everywhere.
        await trx.deleteFrom('sessions').where('user_id', '=', reset.id).execute();
      });
      // After the commit: a lookup in between would cache a session that is about to go.
      forgetSessions(input.uid);
    },
  };
}
export type PasswordReset = ReturnType<typeof createPasswordReset>;

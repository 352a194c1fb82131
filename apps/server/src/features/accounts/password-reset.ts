import { isId, normalizePhoneNumber } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../platform/errors.js';
import { fieldError } from '../../platform/field-errors.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Outbox } from '../../platform/outbox.js';
import type { Pace } from '../../platform/rate-limits.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import { passwordProblem } from '../auth/signup-rules.js';
import { createAccountsRepository } from './repository.js';

const RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_SENT_MESSAGE = 'If an account matches, we sent an email with a link to get back into it.';
export const RESET_SMS_SENT_MESSAGE = 'If an account has confirmed this phone number, we sent it a text with a link to get back into it.';
const INVALID_LINK = 'This link is invalid or has expired. Request a new one.';

/** Password reset by emailed link. The answer never says whether an account exists. */
export function createPasswordReset(db: Db, outbox: Outbox, forgetSessions: (userId: string) => void) {
  const accounts = createAccountsRepository(db);
  return {
    /**
     * `mailPace` is the limit per account, whoever asks: past it no mail goes out, and the answer
     * stays the same, so that the limit cannot tell which accounts exist.
     */
    async request(login: string, origin: string, mailPace: (accountKey: string) => Promise<Pace>): Promise<void> {
      const user = await accounts.findByLogin(login);
      if (!user) return;
      if (!(await mailPace(user.id)).allowed) return;
      const token = randomToken();
      await accounts.addPasswordReset({ token_hash: sha256(token), user_id: user.id, expires_at: new Date(Date.now() + RESET_TTL_MS) });
      const link = `${origin}/accounts/password/reset/confirm/?uid=${user.id}&token=${token}`;
      await outbox.send({
        channel: 'email',
        recipient: user.email,
        subject: 'Reset your Shutter password',
        body: `Hi ${user.username},\n\nSomeone asked to reset the password of your account. If it was you, open this link within an hour:\n${link}\n\nIf it wasn't, you can ignore this email.`,
      }, { userId: user.id, kind: 'security' });
    },

    /**
     * The same link by text, to the account that confirmed the number (an unconfirmed number gets
     * nothing, with the same answer). Its budget is the account's mail budget: one limit per account.
     */
    async requestBySms(phoneInput: string, origin: string, pace: (accountKey: string) => Promise<Pace>): Promise<void> {
      const phone = normalizePhoneNumber(phoneInput);
      if (!phone) throw fieldError('phone_number', 'phone_format');
      const user = await accounts.findByConfirmedPhone(phone);
      if (!user || !(await pace(user.id)).allowed) return;
      const token = randomToken();
      await accounts.addPasswordReset({ token_hash: sha256(token), user_id: user.id, expires_at: new Date(Date.now() + RESET_TTL_MS) });
      await outbox.send({
        channel: 'sms', recipient: phone, subject: 'Reset your Shutter password',
        body: `Shutter: open this link within an hour to reset the password of ${user.username}: ${origin}/accounts/password/reset/confirm/?uid=${user.id}&token=${token}`,
      });
    },

    async confirm(input: { uid: string; token: string; new_password1: string; new_password2: string }): Promise<void> {
      if (!isId(input.uid)) throw badRequest(INVALID_LINK);
      await accounts.transaction(async (trx) => {
        const reset = await trx.openPasswordReset(sha256(input.token), input.uid);
        if (!reset) throw badRequest(INVALID_LINK);
        const problem = passwordProblem(input.new_password1, reset);
        if (problem) throw fieldError('new_password1', problem.code, problem.params);
        if (input.new_password1 !== input.new_password2) throw fieldError('new_password2', 'passwords_differ');
        // Whoever knew the old password is logged out everywhere.
        await trx.changePassword(reset.id, await hashPassword(input.new_password1), null);
        await trx.closePasswordResets(reset.id);
      });
      // After the commit: a lookup in between would cache a session that is about to go.
      forgetSessions(input.uid);
    },
  };
}
export type PasswordReset = ReturnType<typeof createPasswordReset>;

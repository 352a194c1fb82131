import { CONFIRM_EMAIL_LINK_TTL_MS, type EmailConfirmResult } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { failWith, notFound } from '../../platform/errors.js';
import type { Outbox } from '../../platform/outbox.js';
import { limited, type Pace } from '../../platform/rate-limits.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import { createContactConfirmationRepository } from './contact-confirmation.repository.js';
import { createAccountsRepository } from './repository.js';

/** The link's token: what randomToken makes (base64url), nothing a path could be abused with. */
export const isConfirmToken = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

interface Recipient {
  id: string;
  username: string;
  email: string;
}

/**
 * Confirming an email address by an emailed single-use link. Signup sends the first; a changed
 * address gets its own; the person may ask for another (limited per account). A link confirms
 * only the address it was sent to.
 */
export function createEmailConfirmation(db: Db, outbox: Outbox, publicUrl: string) {
  const accounts = createAccountsRepository(db);
  const links = createContactConfirmationRepository(db);

  async function send(user: Recipient): Promise<void> {
    const token = randomToken();
    await links.addEmailLink({
      token_hash: sha256(token), user_id: user.id, email_lower: user.email.toLowerCase(), expires_at: new Date(Date.now() + CONFIRM_EMAIL_LINK_TTL_MS),
    });
    const link = `${publicUrl}/accounts/confirm_email/${token}/`;
    await outbox.send({
      channel: 'email',
      recipient: user.email,
      subject: 'Confirm your email address for Shutter',
      body: `Hi ${user.username},\n\nConfirm that this is your email address, so that you can always get back into your Shutter account:\n${link}\n\nThe link works for 7 days. If you didn't make a Shutter account, you can ignore this email.`,
    }, { userId: user.id, kind: 'security' });
  }

  return {
    send,

    /** Another link for the account's current address; `pace` is the account's budget of them. */
    async resend(userId: string, pace: (key: string) => Promise<Pace>): Promise<{ email: string }> {
      const user = await accounts.findById(userId);
      if (!user) throw notFound();
      if (user.email_confirmed_at) throw failWith(400, { code: 'email_already_confirmed' });
      // An account made with a phone number has no address to confirm yet.
      if (!user.email) throw failWith(400, { code: 'email_invalid' });
      const budget = await pace(`user:${userId}`);
      if (!budget.allowed) throw limited(budget.retryInMs);
      await send(user);
      return { email: user.email };
    },

    /** Follows a link: whoever opens it (logged in or not), the token alone decides. */
    async confirm(token: string): Promise<EmailConfirmResult> {
      if (!isConfirmToken(token)) return 'invalid';
      // Spent even when the account has moved to another address since: the link is done either way.
      const link = await links.useEmailLink(sha256(token));
      if (!link) return 'invalid';
      return (await accounts.confirmEmail(link.user_id, link.email_lower)) ? 'confirmed' : 'invalid';
    },
  };
}
export type EmailConfirmation = ReturnType<typeof createEmailConfirmation>;

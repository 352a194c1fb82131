import { PARENTAL_CONSENT_LINK_DAYS, isId, messageText } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Outbox } from '../../platform/outbox.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import { createAccountsRepository } from '../accounts/repository.js';
import { createParentalConsentRepository } from './parental-consent.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const invalidLink = () => badRequest(messageText({ code: 'parental_consent_link_invalid' }), { code: 'parental_consent_link_invalid' });

export interface ConsentChild {
  id: string;
  username: string;
  full_name: string;
}

/**
 * A minor's account waits for a parent (spec 000: parental consent, and its not-parent variant).
 * The parent gets a single-use link with a nonce; approving opens the account, "not their parent"
 * leaves it closed. Neither needs the parent to have an account.
 */
export function createParentalConsent(db: Db, outbox: Outbox, publicUrl: string, nextId: IdGenerator) {
  const consents = createParentalConsentRepository(db);
  const accounts = createAccountsRepository(db);

  async function opened(consentId: string, nonce: string) {
    if (!isId(consentId) || nonce.length > 200) throw invalidLink();
    const consent = await consents.open(consentId, sha256(nonce));
    if (!consent) throw invalidLink();
    return consent;
  }

  return {
    async request(child: ConsentChild, parentEmail: string): Promise<void> {
      const id = nextId();
      const nonce = randomToken();
      await consents.insert({ id, user_id: child.id, parent_email: parentEmail, nonce_hash: sha256(nonce), expires_at: new Date(Date.now() + PARENTAL_CONSENT_LINK_DAYS * DAY_MS) });
      const link = `${publicUrl}/accounts/parental_consent/${id}/${nonce}/`;
      const who = child.full_name ? `${child.full_name} (@${child.username})` : `@${child.username}`;
      await outbox.send({
        channel: 'email',
        recipient: parentEmail,
        subject: `${who} asks you to approve their Shutter account`,
        body: `Hello,\n\n${who} signed up for Shutter, a photo and video sharing network, and gave your email address as their parent's. Their account stays closed until a parent approves it.\n\nTo approve it, open this link within ${PARENTAL_CONSENT_LINK_DAYS} days:\n${link}\n\nNot their parent? Tell us here, and the account stays closed:\n${link}not_parent/\n\nIf you do nothing, the account stays closed.`,
      });
    },

    /** What the link's page shows: who asks. */
    async describe(consentId: string, nonce: string) {
      const consent = await opened(consentId, nonce);
      const child = await accounts.findById(consent.user_id);
      if (!child) throw invalidLink();
      return { username: child.username, full_name: child.full_name };
    },

    async answer(consentId: string, nonce: string, decision: 'approved' | 'not_parent'): Promise<void> {
      const consent = await opened(consentId, nonce);
      // One transaction: an answer is never recorded without the account opening with it.
      await db.transaction().execute(async (trx) => {
        if (!(await createParentalConsentRepository(trx).decide(consent.id, decision))) throw invalidLink();
        if (decision === 'approved') await createAccountsRepository(trx).endParentalWait(consent.user_id);
      });
    },
  };
}
export type ParentalConsent = ReturnType<typeof createParentalConsent>;

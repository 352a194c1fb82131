import { DEFAULT_TOS_VERSION, TERMS_CONSENTS, type SignupBody, type TermsAcceptBody, type TermsInfo, type TermsPending } from '@shutter/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.js';
import { failWith } from '../../platform/errors.js';
import type { FieldProblems } from '../../platform/field-errors.js';
import { createTermsRepository, type TermsRow } from './repository.js';

/** The operator's TOS_VERSION and GDPR_REQUIRED. */
export interface TermsSettings {
  tosVersion: string;
  gdprRequired: boolean;
}

/** People remembered as having agreed to the terms in force. */
const AGREED_KEPT = 100_000;

/** Every consent choice ticked, as recorded where consent is required. */
const ALL_CONSENTS = Object.fromEntries(TERMS_CONSENTS.map((c) => [c, true]));

/**
 * An account with no row was made outside every signup path (the demo seeder writes accounts
 * directly): it stands where the accounts that existed before versions were recorded stand.
 */
const agreedVersion = (row: TermsRow | undefined) => (row ? row.tos_version : DEFAULT_TOS_VERSION);

/**
 * The terms an account agreed to, against the operator's version in force (spec 000 §2: terms
 * start, accept, unblock, new terms confirm). Signup records the version; a later TOS_VERSION
 * makes every other account meet the new terms before it may change anything.
 */
export function createTerms(db: Db, settings: TermsSettings) {
  const repo = createTermsRepository(db);
  // Asked on every page and every write of a signed-in person. Having agreed to the version in
  // force stays true while this process runs (a new version comes with a restart, a "Not now"
  // only answers terms still waiting), so it is read once; terms waiting are read every time.
  const agreed = new LRUCache<string, true>({ max: AGREED_KEPT });

  function pendingOf(row: TermsRow | undefined): TermsPending {
    if (agreedVersion(row) === settings.tosVersion) return null;
    return row?.declined_at ? 'blocked' : 'new_terms';
  }

  return {
    settings,

    async pending(userId: string): Promise<TermsPending> {
      if (agreed.has(userId)) return null;
      const pending = pendingOf(await repo.find(userId));
      if (pending === null) agreed.set(userId, true);
      return pending;
    },

    async info(userId: string): Promise<TermsInfo> {
      const row = await repo.find(userId);
      return {
        tos_version: settings.tosVersion, gdpr_required: settings.gdprRequired,
        accepted_tos_version: agreedVersion(row), blocked: pendingOf(row) === 'blocked', status: 'ok',
      };
    },

    /** "Agree": to the version the person read, which must still be the one in force. */
    async accept(userId: string, body: TermsAcceptBody): Promise<void> {
      if (body.tos_version !== settings.tosVersion) throw failWith(400, { code: 'terms_version_stale' }, { tos_version: settings.tosVersion });
      if (settings.gdprRequired && !TERMS_CONSENTS.every((c) => body.consents?.[c] === true)) {
        throw failWith(400, { code: 'terms_consent_required' });
      }
      await repo.accept(userId, settings.tosVersion, settings.gdprRequired ? ALL_CONSENTS : null);
    },

    /** "Not now" to terms still waiting: the account stays blocked until it agrees. Terms already agreed to stay so. */
    async decline(userId: string): Promise<void> {
      if ((await this.pending(userId)) === null) return;
      await repo.decline(userId);
    },

    /** Signup where consent is required: the box must be ticked. */
    checkSignup(body: SignupBody, problems: FieldProblems): void {
      if (settings.gdprRequired && !body.tos_consent) problems.add('tos_consent', 'terms_consent_required');
    },

    /** A new account agreed to the terms in force by signing up (in the signup's transaction when given). */
    async recordSignup(userId: string, trx: Db = db): Promise<void> {
      await createTermsRepository(trx).accept(userId, settings.tosVersion, settings.gdprRequired ? ALL_CONSENTS : null);
    },

    /**
     * An account made by the operator's sign-in provider: nobody ticked anything there, so where
     * consent is required the person meets the terms on their first page; elsewhere signing in
     * stands for agreeing, as a signup does.
     */
    async recordProviderAccount(userId: string, trx: Db): Promise<void> {
      if (settings.gdprRequired) await createTermsRepository(trx).markUnaccepted(userId);
      else await createTermsRepository(trx).accept(userId, settings.tosVersion, null);
    },
  };
}
export type Terms = ReturnType<typeof createTerms>;

/**
 * Terms and consent (spec 000 §2 "terms accept, terms start, terms unblock, new terms confirm"):
 * accounts keep the terms version they agreed to; when the operator's TOS_VERSION moves on, a
 * logged-in person meets the new terms before anything else.
 */

/** The version of the terms when accounts began to record it; TOS_VERSION defaults to it. */
export const DEFAULT_TOS_VERSION = '2026-11';
/** A version is a short name the operator chooses (a date, `v2`): letters, digits, `.`, `_` and `-`. */
export const TOS_VERSION_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;

export const TERMS_START_PATH = '/terms/start/';
export const TERMS_ACCEPT_PATH = '/terms/accept/';
export const TERMS_UNBLOCK_PATH = '/terms/unblock/';
export const NEW_TERMS_CONFIRM_PATH = '/terms/new_terms_confirm/';
export const TERMS_INFO_PATH = '/terms/info/';
export const TERMS_DECLINE_PATH = '/terms/decline/';

/**
 * Where a logged-in person still goes while the terms wait: the terms pages themselves and what
 * they link to (the legal pages). Logging out is a POST, which the service lets through.
 */
export const isTermsExemptPath = (pathname: string) => pathname.startsWith('/terms/') || pathname.startsWith('/legal/');

/**
 * What the viewer's terms ask of them: nothing (null), the new version (`new_terms`), or, having
 * said "Not now", the service stays closed until they agree (`blocked`).
 */
export type TermsPending = null | 'new_terms' | 'blocked';

/** The consent choices where the operator requires them (GDPR_REQUIRED): both must be ticked. */
export const TERMS_CONSENTS = ['terms', 'data_policy'] as const;
export type TermsConsent = (typeof TERMS_CONSENTS)[number];

/** Answer of GET /terms/info/. */
export interface TermsInfo {
  tos_version: string;
  gdpr_required: boolean;
  /** The version this account agreed to; null when it never did (an account made where consent is required, by a provider). */
  accepted_tos_version: string | null;
  blocked: boolean;
  status: 'ok';
}

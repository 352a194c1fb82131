/** Events the web client reports about itself (spec 002 §4: prompts whose outcome is logged). */
export const CLIENT_EVENT_PATH = '/logging/client_event/';

/** Spec 002 §6: why a credential auto-login did not log the visitor in. */
export const CREDENTIAL_AUTO_LOGIN_FAILURES = ['unavailable', 'unsupported', 'dismissed', 'password_mismatch'] as const;
export type CredentialAutoLoginFailure = (typeof CREDENTIAL_AUTO_LOGIN_FAILURES)[number];

/** The events, each with the types it may carry. */
export type ClientEvent = { name: 'credential_auto_login_failed'; type: CredentialAutoLoginFailure };

/** Events per client address: a page reports a handful; more is noise in the log. */
export const CLIENT_EVENT_LIMIT_PER_IP = { max: 60, windowMs: 10 * 60 * 1000 };

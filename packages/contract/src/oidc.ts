/** Sign-in with the operator's OpenID Connect provider: where it starts and where the provider sends the person back. */
export const OIDC_START_PATH = '/accounts/oidc/start/';
export const OIDC_CALLBACK_PATH = '/accounts/oidc/callback/';

/** The query parameter of `/accounts/login/` that names why a return from the provider did not log in. */
export const OIDC_ERROR_PARAM = 'oidc_error';

/**
 * Why a return from the provider did not log in: the person cancelled (or the provider refused),
 * the exchange failed, the provider gave no email, the email is another account's that could not
 * be linked, a new account would need a birthday (the operator set a consent age), the account waits for a parent, or it has two-factor on (its password login asks for
 * the code).
 */
export const OIDC_ERRORS = ['denied', 'failed', 'no_email', 'email_taken', 'birthday_required', 'parental_consent_pending', 'two_factor', 'account_suspended'] as const;
export type OidcError = (typeof OIDC_ERRORS)[number];

/**
 * The query parameter of `/accounts/login/` for a return that is no failure: the person said no at
 * the provider (spec 002 §6: `access_denied` with reason `user_denied` counts as canceled).
 */
export const OIDC_NOTICE_PARAM = 'oidc_notice';
export const OIDC_NOTICES = ['canceled'] as const;
export type OidcNotice = (typeof OIDC_NOTICES)[number];

/** The start URL that returns to `next` (a same-site path) once logged in. */
export const oidcStartUrl = (next: string | null) => (next ? `${OIDC_START_PATH}?${new URLSearchParams({ next }).toString()}` : OIDC_START_PATH);

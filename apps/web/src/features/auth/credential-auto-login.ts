import { CREDENTIAL_AUTO_LOGIN_DISMISSAL_MS, type CredentialAutoLoginFailure, type LoginResult, type TwoFactorInfo } from '@shutter/contract';
import { dismiss, isDismissed } from '../../lib/dismissals';
import { passwordCredentialStore, type PasswordCredentialStore } from '../../lib/password-credentials';
import { localStore, type KeyValueStorage } from '../../lib/storage';
import { logClientEvent } from '../../state/queries/client-events';

/** The name its dismissal is kept under. */
export const CREDENTIAL_AUTO_LOGIN_PROMPT = 'credential_auto_login';

export interface CredentialAutoLoginDeps {
  /** The operator's CREDENTIAL_AUTO_LOGIN, from the shared data. */
  enabled: boolean;
  /** The browser's saved passwords; null where it offers none to pages. */
  credentials: PasswordCredentialStore | null;
  storage: KeyValueStorage | null;
  now: () => number;
  logIn: (username: string, password: string) => Promise<LoginResult>;
  reload: () => void;
  logFailure: (type: CredentialAutoLoginFailure) => void;
  /** The password was right and the account asks for its second step: the challenge, as the login form goes to it. */
  twoFactor: (info: TwoFactorInfo) => void;
}

export type CredentialAutoLoginOutcome = 'not_run' | 'logged_in' | 'two_factor' | CredentialAutoLoginFailure;

/**
 * Spec 002 §4 "Credential auto-login": for a logged-out visitor, once per page load, when enabled
 * and not dismissed in the last day, the browser's saved password logs them in and the page
 * reloads (R-002-prompts-8, -9). Otherwise the failure is logged by its type (R-002-prompts-10);
 * no credential (none saved, or the chooser closed) counts as dismissed for 1 day (R-002-dismissals-12).
 * Each call of this factory is one page load.
 */
export function createCredentialAutoLogin() {
  let started = false;
  return async function run(deps: CredentialAutoLoginDeps): Promise<CredentialAutoLoginOutcome> {
    if (started || !deps.enabled || isDismissed(deps.storage, CREDENTIAL_AUTO_LOGIN_PROMPT, deps.now())) return 'not_run';
    started = true;
    const fail = (type: CredentialAutoLoginFailure) => {
      deps.logFailure(type);
      return type;
    };
    if (!deps.credentials) return fail('unavailable');
    let credential: Awaited<ReturnType<PasswordCredentialStore['get']>>;
    try {
      credential = await deps.credentials.get({ password: true, mediation: 'optional' });
    } catch {
      return fail('unavailable');
    }
    if (!credential) {
      dismiss(deps.storage, CREDENTIAL_AUTO_LOGIN_PROMPT, CREDENTIAL_AUTO_LOGIN_DISMISSAL_MS, deps.now());
      return fail('dismissed');
    }
    if (credential.type !== 'password' || typeof credential.password !== 'string') return fail('unsupported');
    try {
      const result = await deps.logIn(credential.id, credential.password);
      if (result.authenticated) {
        deps.reload();
        return 'logged_in';
      }
    } catch (error) {
      // The refusal's body (an ApiError's), read by its shape: this module stays free of the API
      // client, since the landing page runs it before the app has loaded.
      const info = (error as { body?: { two_factor_info?: TwoFactorInfo } | null } | null)?.body?.two_factor_info;
      if (info) {
        deps.twoFactor(info);
        return 'two_factor';
      }
    }
    // Refused: a password changed since it was saved, a captcha now asked for, a closed account.
    return fail('password_mismatch');
  };
}

/** What a run on this page uses of the browser, the same wherever it starts. */
export const pageAutoLoginDeps = (): Omit<CredentialAutoLoginDeps, 'logIn' | 'twoFactor'> => ({
  enabled: true,
  credentials: passwordCredentialStore(),
  storage: localStore(),
  now: Date.now,
  reload: () => window.location.reload(),
  logFailure: (type) => void logClientEvent({ name: 'credential_auto_login_failed', type }),
});

/**
 * This page load's run, one for the whole page: the landing page's script before the app and the
 * app's layout both start it, and whichever comes second finds it started.
 */
export const autoLoginThisPage = createCredentialAutoLogin();

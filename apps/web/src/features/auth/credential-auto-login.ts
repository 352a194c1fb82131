import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { CREDENTIAL_AUTO_LOGIN_DISMISSAL_MS, type CredentialAutoLoginFailure, type LoginResult, type TwoFactorInfo } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { dismiss, isDismissed } from '../../lib/dismissals';
import { passwordCredentialStore, type PasswordCredentialStore } from '../../lib/password-credentials';
import { localStore, type KeyValueStorage } from '../../lib/storage';
import { logIn } from '../../state/queries/auth';
import { logClientEvent } from '../../state/queries/client-events';
import { keepChallenge, TWO_FACTOR_LOGIN_PATH } from '../../state/queries/two-factor';
import { useSession } from '../../state/session';

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
      const info = error instanceof ApiError ? (error.body as { two_factor_info?: TwoFactorInfo } | null)?.two_factor_info : undefined;
      if (info) {
        deps.twoFactor(info);
        return 'two_factor';
      }
    }
    // Refused: a password changed since it was saved, a captcha now asked for, a closed account.
    return fail('password_mismatch');
  };
}

const autoLoginThisPage = createCredentialAutoLogin();

/** Mounted by the app's layout: runs the auto-login while the visitor is logged out. */
export function useCredentialAutoLogin(loggedOut: boolean): void {
  const { sharedData } = useSession();
  const navigate = useNavigate();
  const enabled = loggedOut && sharedData.credential_auto_login === true;
  useEffect(() => {
    if (!enabled) return;
    void autoLoginThisPage({
      enabled,
      credentials: passwordCredentialStore(),
      storage: localStore(),
      now: Date.now,
      logIn: (username, password) => logIn(username, password),
      reload: () => window.location.reload(),
      logFailure: (type) => void logClientEvent({ name: 'credential_auto_login_failed', type }),
      twoFactor: (info) => {
        keepChallenge(info);
        void navigate(TWO_FACTOR_LOGIN_PATH);
      },
    });
  }, [enabled, navigate]);
}

import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { passwordCredentialStore } from '../../lib/password-credentials';
import { localStore } from '../../lib/storage';
import { logIn } from '../../state/queries/auth';
import { logClientEvent } from '../../state/queries/client-events';
import { keepChallenge, TWO_FACTOR_LOGIN_PATH } from '../../state/queries/two-factor';
import { useSession } from '../../state/session';
import { autoLoginThisPage } from './credential-auto-login';

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

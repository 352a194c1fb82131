import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { logIn } from '../../state/queries/auth';
import { keepChallenge, TWO_FACTOR_LOGIN_PATH } from '../../state/queries/two-factor';
import { useSession } from '../../state/session';
import { autoLoginThisPage, pageAutoLoginDeps } from './credential-auto-login';

/** Mounted by the app's layout: runs the auto-login while the visitor is logged out. */
export function useCredentialAutoLogin(loggedOut: boolean): void {
  const { sharedData } = useSession();
  const navigate = useNavigate();
  const enabled = loggedOut && sharedData.credential_auto_login === true;
  useEffect(() => {
    if (!enabled) return;
    void autoLoginThisPage({
      ...pageAutoLoginDeps(),
      logIn: (username, password) => logIn(username, password),
      twoFactor: (info) => {
        keepChallenge(info);
        void navigate(TWO_FACTOR_LOGIN_PATH);
      },
    });
  }, [enabled, navigate]);
}

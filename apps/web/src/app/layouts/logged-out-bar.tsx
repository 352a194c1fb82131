import { Link, useLocation } from 'react-router';
import { DESKTOP_NAV_SOURCE, loginPath } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { buttonClass } from '../../ui/button';
import { Logo } from '../../ui/logo';
import styles from './logged-out-bar.module.css';

/** Spec 002 §2: logged-out visitors on public pages get "Log in" (source desktop_nav) and "Sign up". */
export function LoggedOutBar() {
  const t = useT();
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  return (
    <header className={styles.bar}>
      <nav className={styles.inner} aria-label={t('nav.primary')}>
        <Link to="/" className={styles.logo} aria-label={t('nav.logo')}>
          <Logo size="sm" />
        </Link>
        <div className={styles.actions}>
          <Link className={buttonClass('primary')} to={loginPath(next, DESKTOP_NAV_SOURCE)}>
            {t('nav.loggedOut.logIn')}
          </Link>
          <Link className={buttonClass('link')} to="/accounts/emailsignup/">
            {t('nav.loggedOut.signUp')}
          </Link>
        </div>
      </nav>
    </header>
  );
}

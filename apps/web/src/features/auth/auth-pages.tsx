import { Link, useSearchParams } from 'react-router';
import { LOGGED_OUT_REDIRECT_SOURCE } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Logo } from '../../ui/logo';
import { LoginForm } from './login-form';
import { OidcFailure, OidcNotice, OidcSignIn } from './oidc-sign-in';
import { SignupForm } from './signup-form';
import styles from './auth.module.css';

/** Keeps ?next= when moving between login and signup. */
function withNext(path: string, next: string | null): string {
  return next ? `${path}?${new URLSearchParams({ next }).toString()}` : path;
}

/** `/accounts/login/` (reads ?next= and ?source=); after login the guard goes to safeNext(next). */
export function LoginPage() {
  const t = useT();
  useDocumentTitle(t('login.title'));
  const [params] = useSearchParams();
  const next = params.get('next');
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <h1 id="login-heading" className="visually-hidden">
          {t('login.heading')}
        </h1>
        <div className={styles.logo}>
          <Logo size="lg" />
        </div>
        {params.get('source') === LOGGED_OUT_REDIRECT_SOURCE ? <p className={styles.notice}>{t('login.redirectNotice')}</p> : null}
        {/* R-001-account-4: after leaving, a calm word on how to come back. */}
        {params.get('source') === 'deactivate' ? <p className={styles.notice} role="status">{t('leaving.deactivate.loginNote')}</p> : null}
        {params.get('source') === 'delete' ? <p className={styles.notice} role="status">{t('leaving.delete.loginNote')}</p> : null}
        <OidcFailure />
        <OidcNotice />
        <OidcSignIn next={next} />
        <LoginForm />
      </section>
      <p className={`${styles.card} ${styles.secondary}`}>
        {t('login.noAccount')} <Link to={withNext('/accounts/emailsignup/', next)}>{t('login.signUpLink')}</Link>
      </p>
    </div>
  );
}

export function SignupCard({ next, onFailed }: { next: string | null; onFailed?: () => void }) {
  const t = useT();
  return (
    <>
      <section className={styles.card} aria-labelledby="signup-heading">
        <div className={styles.logo}>
          <Logo size="lg" />
        </div>
        <h2 id="signup-heading" className={styles.lead}>
          {t('signup.heading')}
        </h2>
        <OidcSignIn next={next} />
        <SignupForm onFailed={onFailed} />
        <Link className={styles.forgot} to="/accounts/signup/phone/">
          {t('steps.withPhone')}
        </Link>
      </section>
      <p className={`${styles.card} ${styles.secondary}`}>
        {t('signup.haveAccount')} <Link to={withNext('/accounts/login/', next)}>{t('signup.logInLink')}</Link>
      </p>
    </>
  );
}

/** `/accounts/emailsignup/` and `/accounts/signup/`. */
export function SignupPage() {
  const t = useT();
  useDocumentTitle(t('signup.title'));
  const [params] = useSearchParams();
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('signup.title')}</h1>
      <SignupCard next={params.get('next')} />
    </div>
  );
}

export { TwoFactorPage } from './two-factor-page';

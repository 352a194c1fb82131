import { Link, useParams, useSearchParams } from 'react-router';
import { LOGGED_OUT_REDIRECT_SOURCE } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Logo } from '../../ui/logo';
import { LoginForm } from './login-form';
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
        <SignupForm onFailed={onFailed} />
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

/** `/accounts/signup/:step/`: the phone-first multi-step signup comes with a later issue. */
export function MultiStepSignupPage() {
  const t = useT();
  const { step } = useParams();
  useDocumentTitle(t('multiStep.title'));
  return (
    <div className={styles.page}>
      <section className={styles.card} data-step={step}>
        <EmptyState icon="phone" title={t('multiStep.title')} body={t('multiStep.body')} level={1} badge={t('soon.badge')}>
          <Link className={buttonClass('primary')} to="/accounts/emailsignup/">
            {t('multiStep.useEmail')}
          </Link>
        </EmptyState>
      </section>
    </div>
  );
}

/** `/accounts/login/two_factor/`: the challenge screen comes with the two-factor issue. */
export function TwoFactorPage() {
  const t = useT();
  useDocumentTitle(t('twoFactor.title'));
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <EmptyState icon="lock" title={t('twoFactor.title')} body={t('twoFactor.body')} level={1} badge={t('soon.badge')}>
          <Link to="/accounts/login/">{t('reset.backToLogin')}</Link>
        </EmptyState>
      </section>
    </div>
  );
}

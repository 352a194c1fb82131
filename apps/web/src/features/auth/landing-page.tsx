import { useReducer } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { buttonClass } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { useLandingPage } from '../../state/queries/auth';
import { SignupCard } from './auth-pages';
import { authFormReducer, checkedAuthFormType, chooseLandingFormType, oneTapEligible, type AuthFormEvent, type AuthFormType } from './auth-form-type';
import { LoginForm } from './login-form';
import { OneTapLogin } from './one-tap-login';
import { OidcSignIn } from './oidc-sign-in';
import { PhoneMockup } from './phone-mockup';
import styles from './landing.module.css';
import authStyles from './auth.module.css';

function MobileChoice() {
  const t = useT();
  return (
    <div className={styles.mobile}>
      <Logo size="lg" />
      <p className={authStyles.tagline}>{t('app.tagline')}</p>
      <div className={authStyles.mobileButtons}>
        <Link className={buttonClass('primary', true)} to="/accounts/login/">
          {t('landing.logIn')}
        </Link>
        <Link className={buttonClass('secondary', true)} to="/accounts/emailsignup/">
          {t('landing.signUp')}
        </Link>
      </div>
    </div>
  );
}

/** `/` logged out (spec 000 §2, §4): saved accounts when this browser has some; else hero and signup on desktop, two buttons on mobile. */
export function LandingPage() {
  const t = useT();
  useDocumentTitle(null);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  // Receives captcha_enabled, prefill_phone, redirect_url, gdpr_required and tos_version for the
  // forms, and the accounts this browser saved its login info for (R-000-auth-2).
  const { data } = useLandingPage();
  const oneTapAccounts = data && 'one_tap_accounts' in data ? data.one_tap_accounts : [];
  const initial = chooseLandingFormType({ oneTapEligible: oneTapEligible({ one_tap_accounts: oneTapAccounts }), isMobile });
  const [chosen, dispatch] = useReducer((state: AuthFormType | null, event: AuthFormEvent) => authFormReducer(state ?? initial, event), null);
  const formType = checkedAuthFormType(chosen ?? initial, 'signup');

  let form;
  switch (formType) {
    case 'oneTapLogin':
      form = <OneTapLogin accounts={oneTapAccounts} onAnotherAccount={() => dispatch({ type: 'show', formType: 'login' })} />;
      break;
    case 'none':
      form = <MobileChoice />;
      break;
    case 'login':
      form = (
        <section className={authStyles.card}>
          <OidcSignIn next={null} />
          <LoginForm />
        </section>
      );
      break;
    default:
      form = <SignupCard next={null} onFailed={() => dispatch({ type: 'signupFailed' })} />;
  }

  return (
    <div className={styles.landing}>
      <h1 className="visually-hidden">{t('landing.heading')}</h1>
      {isMobile ? null : (
        <div className={styles.hero}>
          <PhoneMockup label={t('auth.heroAlt')} />
        </div>
      )}
      <div className={styles.column} data-form-type={formType}>
        {form}
        {isMobile ? null : <p className={styles.getApp}>{t('auth.getTheApp')}</p>}
      </div>
    </div>
  );
}

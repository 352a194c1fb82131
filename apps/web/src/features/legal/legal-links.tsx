import { Link, NavLink } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import styles from './legal.module.css';

export type LegalDoc = 'terms' | 'privacy' | 'cookies';

export const LEGAL_PATHS: Record<LegalDoc, string> = { terms: '/legal/terms/', privacy: '/legal/privacy/', cookies: '/legal/cookies/' };

/** The three documents as links: tabs on their own pages, plain links in the footer. */
export function LegalLinks({ className, linkClassName = styles.tab }: { className?: string; linkClassName?: string }) {
  const t = useT();
  return (
    <nav aria-label={t('legal.nav')} className={className}>
      {(Object.keys(LEGAL_PATHS) as LegalDoc[]).map((doc) => (
        <NavLink key={doc} to={LEGAL_PATHS[doc]} className={linkClassName}>
          {t(`legal.${doc}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The signup form's line: what signing up agrees to, each document a link. */
export function SignupTermsLine({ className }: { className?: string }) {
  const t = useT();
  return (
    <p className={className}>
      {t('legal.signupLead')}
      <Link to={LEGAL_PATHS.terms}>{t('legal.terms')}</Link>
      {t('legal.signupComma')}
      <Link to={LEGAL_PATHS.privacy}>{t('legal.privacy')}</Link>
      {t('legal.signupAnd')}
      <Link to={LEGAL_PATHS.cookies}>{t('legal.cookies')}</Link>
      {t('legal.signupEnd')}
    </p>
  );
}

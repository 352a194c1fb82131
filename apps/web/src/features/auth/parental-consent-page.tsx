import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { Spinner } from '../../ui/spinner';
import { answerParentalConsent, parentalConsentInfo } from '../../state/queries/signup';
import styles from './auth.module.css';

type Outcome = 'approved' | 'not_parent' | null;

/**
 * `/accounts/parental_consent/{consentId}/{nonce}/` and its `not_parent/` variant (spec 000): where
 * a minor's parent approves the account, or says they are not the parent. No account is needed.
 */
export function ParentalConsentPage() {
  const t = useT();
  useDocumentTitle(t('consent.title'));
  const { consentId = '', nonce = '' } = useParams();
  const notParentVariant = useLocation().pathname.endsWith('/not_parent/');
  const info = useQuery({ queryKey: ['parental-consent', consentId, nonce], queryFn: () => parentalConsentInfo(consentId, nonce), retry: false, staleTime: Infinity });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState<Outcome>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const answer = async (decision: 'approved' | 'not_parent') => {
    setBusy(decision);
    setFailure(null);
    try {
      await answerParentalConsent(consentId, nonce, decision);
      setOutcome(decision);
    } catch (error) {
      setFailure(error instanceof ApiError && error.status === 400 ? t('consent.invalid') : t('consent.failed'));
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (outcome) {
    body = <p className={styles.formSuccess} role="status">{outcome === 'approved' ? t('consent.approved') : t('consent.declined')}</p>;
  } else if (info.isPending) {
    body = <Spinner label={t('consent.loading')} />;
  } else if (info.isError) {
    body = <p className={styles.formError} role="alert">{t('consent.invalid')}</p>;
  } else {
    const who = info.data.full_name ? `${info.data.full_name} (@${info.data.username})` : `@${info.data.username}`;
    body = (
      <div className={styles.form}>
        <p className={styles.body}>{t(notParentVariant ? 'consent.notParentLead' : 'consent.lead', { who })}</p>
        {notParentVariant ? null : <p className={styles.body}>{t('consent.explain')}</p>}
        {notParentVariant ? null : (
          <Button block busy={busy === 'approved'} disabled={busy !== null} onClick={() => void answer('approved')}>
            {t('consent.approve')}
          </Button>
        )}
        <Button block variant="secondary" className={styles.submit} busy={busy === 'not_parent'} disabled={busy !== null} onClick={() => void answer('not_parent')}>
          {notParentVariant ? t('consent.confirmNotParent') : t('consent.notParent')}
        </Button>
        {failure ? <p className={styles.formError} role="alert">{failure}</p> : null}
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="consent-heading">
        <div className={styles.logo}>
          <Logo size="lg" />
        </div>
        <h1 id="consent-heading" className={styles.lead}>
          {notParentVariant ? t('consent.notParentHeading') : t('consent.heading')}
        </h1>
        {body}
      </section>
      <p className={`${styles.card} ${styles.secondary}`}>
        <Link to="/">{t('consent.home')}</Link>
      </p>
    </div>
  );
}

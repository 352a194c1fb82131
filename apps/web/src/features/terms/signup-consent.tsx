import { useState } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { useSignupSettings } from '../../state/queries/signup';
import styles from './terms.module.css';

/**
 * Where the operator requires explicit consent (gdpr_required in the landing data), signing up
 * needs the box ticked; elsewhere nothing is asked and nothing is sent.
 */
export function useSignupConsent() {
  const required = useSignupSettings()?.gdpr_required ?? false;
  const [given, setGiven] = useState(false);
  return {
    required,
    given,
    setGiven,
    ready: !required || given,
    fields: (): { tos_consent?: boolean } => (required ? { tos_consent: given } : {}),
  };
}
type SignupConsent = ReturnType<typeof useSignupConsent>;

export function SignupConsentCheck({ consent, error }: { consent: SignupConsent; error?: string }) {
  const t = useT();
  if (!consent.required) return null;
  return (
    <>
      <label className={styles.check}>
        <input type="checkbox" name="tos_consent" checked={consent.given} onChange={(e) => consent.setGiven(e.target.checked)} aria-invalid={error ? true : undefined} />
        <span>{t('signup.tosConsent')}</span>
      </label>
      {error ? <p className={styles.error} role="alert">{error}</p> : null}
    </>
  );
}

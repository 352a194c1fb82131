import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NEW_TERMS_CONFIRM_PATH, TERMS_ACCEPT_PATH, TERMS_CONSENTS, TERMS_UNBLOCK_PATH, type TermsConsent } from '@shutter/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, firstServerError } from '../../lib/api';
import { useDocumentTitle, useT, type MessageId } from '../../lib/i18n/i18n';
import { Button, buttonClass } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useSession } from '../../state/session';
import { acceptTerms, declineTerms, termsInfoKey, useTermsInfo } from '../../state/queries/terms';
import { useLogout } from '../auth/use-logout';
import { LEGAL_PATHS } from '../legal/legal-links';
import { continueTo, withNext } from './terms-redirect';
import styles from './terms.module.css';

type Screen = 'start' | 'accept' | 'unblock' | 'confirm';

const SCREEN_OF: Record<string, Screen> = {
  [TERMS_ACCEPT_PATH]: 'accept',
  [TERMS_UNBLOCK_PATH]: 'unblock',
  [NEW_TERMS_CONFIRM_PATH]: 'confirm',
};
const HEADINGS: Record<Screen, MessageId> = {
  start: 'terms.start.heading',
  accept: 'terms.accept.heading',
  unblock: 'terms.unblock.heading',
  confirm: 'terms.confirm.heading',
};
const TERMS_SECTIONS = 5;
const CONSENT_LABELS: Record<TermsConsent, MessageId> = { terms: 'terms.accept.consentTerms', data_policy: 'terms.accept.consentDataPolicy' };

/**
 * Spec 000 "terms start, terms accept, terms unblock, new terms confirm": what a logged-in person
 * meets when the terms changed since they agreed (the service and the router send them here first).
 */
export function TermsPage() {
  const t = useT();
  const screen = SCREEN_OF[useLocation().pathname] ?? 'start';
  useDocumentTitle(t(HEADINGS[screen]));
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="terms-heading">
        <h1 id="terms-heading" className={styles.heading}>{t(HEADINGS[screen])}</h1>
        {screen === 'start' ? <StartScreen /> : null}
        {screen === 'accept' ? <AcceptScreen /> : null}
        {screen === 'unblock' ? <UnblockScreen /> : null}
        {screen === 'confirm' ? <ConfirmScreen /> : null}
      </section>
    </div>
  );
}

function StartScreen() {
  const t = useT();
  const { search } = useLocation();
  return (
    <>
      <p className={styles.lead}>{t('terms.start.lead')}</p>
      <h2 className={styles.subheading}>{t('terms.start.changesHeading')}</h2>
      <ul className={styles.changes}>
        <li>{t('terms.start.change1')}</li>
        <li>{t('terms.start.change2')}</li>
        <li>{t('terms.start.change3')}</li>
      </ul>
      <Link className={styles.textLink} to={LEGAL_PATHS.terms}>{t('terms.start.readTerms')}</Link>
      <Link className={`${buttonClass('primary', true)} ${styles.action}`} to={withNext(TERMS_ACCEPT_PATH, search)}>
        {t('terms.start.review')}
      </Link>
    </>
  );
}

/** The terms' info, or its loading and failed states. */
function WithTermsInfo({ children }: { children: (info: NonNullable<ReturnType<typeof useTermsInfo>['data']>) => ReactNode }) {
  const t = useT();
  const info = useTermsInfo();
  if (info.data) return <>{children(info.data)}</>;
  if (info.isError) {
    return (
      <div className={styles.stack}>
        <p className={styles.error} role="alert">{t('terms.loadFailed')}</p>
        <Button block variant="secondary" onClick={() => void info.refetch()}>{t('terms.retry')}</Button>
      </div>
    );
  }
  return <Spinner label={t('terms.loading')} />;
}

function AcceptScreen() {
  const t = useT();
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const [ticked, setTicked] = useState<Set<TermsConsent>>(new Set());
  const [busy, setBusy] = useState<'agree' | 'decline' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = (consent: TermsConsent, on: boolean) => setTicked((was) => {
    const next = new Set(was);
    if (on) next.add(consent);
    else next.delete(consent);
    return next;
  });

  const answer = async (kind: 'agree' | 'decline', version: string, gdpr: boolean) => {
    setFailure(null);
    if (kind === 'agree' && gdpr && !TERMS_CONSENTS.every((c) => ticked.has(c))) {
      setFailure(t('terms.accept.consentMissing'));
      return;
    }
    setBusy(kind);
    try {
      if (kind === 'agree') await acceptTerms(version, gdpr ? [...ticked] : null);
      else await declineTerms();
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: termsInfoKey })]);
      await navigate(withNext(kind === 'agree' ? NEW_TERMS_CONFIRM_PATH : TERMS_UNBLOCK_PATH, search));
    } catch (error) {
      // The terms moved on while they were read: the newer version is shown, to be read again.
      if (error instanceof ApiError && error.status === 400) await queryClient.invalidateQueries({ queryKey: termsInfoKey });
      setFailure(firstServerError(error, t('terms.accept.failed')));
      setBusy(null);
    }
  };

  return (
    <WithTermsInfo>
      {(info) => (
        <div className={styles.stack}>
          <p className={styles.lead}>{t('terms.accept.lead')}</p>
          <section className={styles.terms} tabIndex={0} aria-label={t('terms.accept.termsRegion')}>
            {Array.from({ length: TERMS_SECTIONS }, (_, i) => (
              <div key={i}>
                <h2 className={styles.termsHeading}>{t(`legal.terms.${i + 1}.heading` as MessageId)}</h2>
                <p>{t(`legal.terms.${i + 1}.body` as MessageId)}</p>
              </div>
            ))}
          </section>
          <p className={styles.version}>
            {t('terms.version', { version: info.tos_version })}
            {' · '}
            <Link to={LEGAL_PATHS.terms}>{t('terms.accept.fullTerms')}</Link>
            {' · '}
            <Link to={LEGAL_PATHS.privacy}>{t('terms.accept.dataPolicy')}</Link>
          </p>
          {info.gdpr_required ? (
            <fieldset className={styles.consents}>
              <legend className={styles.subheading}>{t('terms.accept.consentsLegend')}</legend>
              {TERMS_CONSENTS.map((consent) => (
                <label key={consent} className={styles.check}>
                  <input type="checkbox" required checked={ticked.has(consent)} onChange={(e) => toggle(consent, e.target.checked)} />
                  <span>{t(CONSENT_LABELS[consent])}</span>
                </label>
              ))}
              <p className={styles.hint}>{t('terms.accept.consentHint')}</p>
            </fieldset>
          ) : null}
          <Button block busy={busy === 'agree'} disabled={busy !== null} onClick={() => void answer('agree', info.tos_version, info.gdpr_required)}>
            {t('terms.accept.agree')}
          </Button>
          <Button block variant="secondary" busy={busy === 'decline'} disabled={busy !== null} onClick={() => void answer('decline', info.tos_version, info.gdpr_required)}>
            {t('terms.accept.notNow')}
          </Button>
          {failure ? <p className={styles.error} role="alert">{failure}</p> : null}
        </div>
      )}
    </WithTermsInfo>
  );
}

function UnblockScreen() {
  const t = useT();
  const { search } = useLocation();
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);
  return (
    <div className={styles.stack}>
      <p className={styles.lead}>{t('terms.unblock.body')}</p>
      <Link className={buttonClass('primary', true)} to={withNext(TERMS_ACCEPT_PATH, search)}>{t('terms.unblock.agree')}</Link>
      <Button block variant="secondary" busy={leaving} onClick={() => {
        setLeaving(true);
        void logout().then((left) => { if (!left) setLeaving(false); });
      }}>
        {t('terms.unblock.logOut')}
      </Button>
    </div>
  );
}

function ConfirmScreen() {
  const t = useT();
  const { search } = useLocation();
  return (
    <div className={styles.stack}>
      <p className={styles.lead}>{t('terms.confirm.body')}</p>
      <Link className={buttonClass('primary', true)} to={continueTo(search)}>{t('terms.confirm.continue')}</Link>
    </div>
  );
}

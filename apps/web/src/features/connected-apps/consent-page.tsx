import { useState } from 'react';
import { useParams } from 'react-router';
import type { AppScope } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { Spinner } from '../../ui/spinner';
import { answerConsent, useConsentRequest } from '../../state/queries/connected-apps';
import styles from './connected-apps.module.css';

export const SCOPE_WORDS: Record<AppScope, 'apps.scopeRead' | 'apps.scopeWrite'> = { read: 'apps.scopeRead', write: 'apps.scopeWrite' };

/** `/oauth/consent/:uid/`: an app asks to use the person's account; Allow or Cancel sends the browser back to it. */
export function OauthConsentPage() {
  const t = useT();
  useDocumentTitle(t('appConsent.title'));
  const { uid = '' } = useParams();
  const request = useConsentRequest(uid);
  const [busy, setBusy] = useState<'allow' | 'cancel' | null>(null);
  const [failed, setFailed] = useState(false);

  const answer = async (choice: 'allow' | 'cancel') => {
    setBusy(choice);
    setFailed(false);
    try {
      const { location } = await answerConsent(uid, choice);
      window.location.assign(location);
    } catch {
      setFailed(true);
      setBusy(null);
    }
  };

  let body;
  if (request.isPending) body = <div className={styles.state}><Spinner size={24} label={t('app.loading')} /></div>;
  else if (request.isError || !request.data) {
    body = (
      <div className={styles.state} role="alert">
        <h1 className={styles.heading}>{t('appConsent.expired')}</h1>
        <p className={styles.meta}>{t('appConsent.expiredBody')}</p>
      </div>
    );
  } else {
    const { app, scopes } = request.data;
    body = (
      <>
        <h1 id="consent-heading" className={styles.heading}>{t('appConsent.heading', { app: app.name })}</h1>
        {app.website ? <p className={styles.meta}>{t('appConsent.by', { website: app.website })}</p> : null}
        {app.description ? <p className={styles.meta}>{app.description}</p> : null}
        <div>
          <p>{t('appConsent.asks')}</p>
          <ul className={styles.scopes}>
            <li>{t('appConsent.identity')}</li>
            {scopes.map((scope) => <li key={scope}>{t(SCOPE_WORDS[scope])}</li>)}
          </ul>
        </div>
        <div className={styles.consentActions}>
          <Button block busy={busy === 'allow'} disabled={busy !== null} onClick={() => void answer('allow')}>{t('appConsent.allow')}</Button>
          <Button block variant="secondary" busy={busy === 'cancel'} disabled={busy !== null} onClick={() => void answer('cancel')}>{t('appConsent.cancel')}</Button>
        </div>
        {failed ? <p className={styles.error} role="alert">{t('appConsent.failed')}</p> : null}
        <p className={styles.meta}>{t('appConsent.note')}</p>
      </>
    );
  }
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="consent-heading">
        <div className={styles.logo}><Logo size="lg" /></div>
        {body}
      </section>
    </div>
  );
}

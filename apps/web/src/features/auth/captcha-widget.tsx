import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CaptchaChallenge } from '@shutter/contract';
import { apiGet } from '../../lib/api';
import { useI18n, type Translate } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { loadAltcha, type AltchaWidgetElement } from './altcha-loader';
import styles from './auth.module.css';

const WIDGET_STRINGS = [
  'ariaLinkLabel', 'enterCode', 'enterCodeAria', 'error', 'expired', 'footer', 'getAudioChallenge', 'label',
  'loading', 'reload', 'verify', 'verificationRequired', 'verified', 'verifying', 'waitAlert',
] as const;

/** The widget's own texts, from the app's catalogue (its built-in ones are English only). */
function widgetStrings(t: Translate): Record<string, string> {
  return Object.fromEntries(WIDGET_STRINGS.map((key) => [key, t(`captcha.widget.${key}`)]));
}

const fetchChallenge = () => apiGet<{ challenge: CaptchaChallenge }>('/accounts/captcha/challenge/', { result: (r) => r.captchaChallengeAnswer });

interface Props {
  /** The challenge a refused login came with; without one, a fresh one is fetched. */
  challenge: CaptchaChallenge | null;
  /** The payload once the browser solved it; null again when it expired. */
  onSolved: (payload: string | null) => void;
  body: string;
}

/** Spec 000 §4 `captcha`: the ALTCHA widget, solving by itself as soon as it is shown. */
export function CaptchaWidget({ challenge, onSolved, body }: Props) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const host = useRef<HTMLDivElement>(null);
  const solved = useRef(onSolved);
  solved.current = onSolved;
  const [fetched, setFetched] = useState<CaptchaChallenge | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  // A fetched one replaces the given one once that expired or failed to load.
  const current = fetched ?? challenge;

  const refetch = useCallback(() => {
    setStatus('loading');
    setFetched(null);
    fetchChallenge().then((answer) => setFetched(answer.challenge), () => setStatus('error'));
  }, []);
  useEffect(() => {
    setFetched(null);
    if (!challenge) refetch();
  }, [challenge, refetch]);

  useEffect(() => {
    if (!current) return;
    let widget: AltchaWidgetElement | null = null;
    let cancelled = false;
    loadAltcha().then(() => {
      if (cancelled || !host.current) return;
      globalThis.$altcha.i18n.set(locale, widgetStrings(t));
      widget = document.createElement('altcha-widget');
      widget.setAttribute('challenge', JSON.stringify(current));
      widget.setAttribute('auto', 'onload');
      widget.setAttribute('name', 'captcha');
      widget.setAttribute('language', locale);
      widget.setAttribute('configuration', JSON.stringify({ hideFooter: true }));
      widget.addEventListener('verified', (event) => solved.current((event as CustomEvent<{ payload: string }>).detail.payload));
      widget.addEventListener('expired', () => {
        solved.current(null);
        refetch();
      });
      host.current.append(widget);
      setStatus('ready');
    }, () => { if (!cancelled) setStatus('error'); });
    return () => {
      cancelled = true;
      widget?.remove();
    };
  }, [current, locale, t, refetch]);

  return (
    <div className={styles.captcha} role="group" aria-labelledby={headingId} data-captcha-status={status}>
      <p id={headingId} className={styles.captchaHeading}>{t('captcha.heading')}</p>
      <p className={styles.captchaBody}>{body}</p>
      {status === 'loading' ? <p className={styles.captchaBody} role="status">{t('captcha.loading')}</p> : null}
      {status === 'error' ? (
        <div role="alert" className={styles.captchaBody}>
          {t('captcha.loadError')}{' '}
          <Button type="button" variant="secondary" onClick={refetch}>{t('captcha.retry')}</Button>
        </div>
      ) : null}
      <div ref={host} />
    </div>
  );
}

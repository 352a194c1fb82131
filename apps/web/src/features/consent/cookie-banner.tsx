import { useEffect, useRef, useState } from 'react';
import { cookieBannerCookie, documentCookies, hasCookieBannerConsent } from '../../lib/cookies';
import { useT } from '../../lib/i18n/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { Icon } from '../../ui/icon';
import { useSession } from '../../state/session';
import styles from './cookie-banner.module.css';

/**
 * Spec 000 §9: visible until confirmed (any click outside it) or closed; either sets ig_cb=1 for
 * about a year and refreshes cookies from the server.
 */
export function CookieBanner() {
  const t = useT();
  const { refresh } = useSession();
  const [visible, setVisible] = useState(() => !hasCookieBannerConsent(documentCookies()));
  const hydrated = useHydrated();
  const ref = useRef<HTMLElement>(null);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  const accept = () => {
    document.cookie = cookieBannerCookie();
    setVisible(false);
    refreshRef.current().catch(() => {
      /* the cookie is set already; a failed refresh changes nothing visible */
    });
  };
  const acceptRef = useRef(accept);
  acceptRef.current = accept;

  useEffect(() => {
    if (!visible) return;
    const onClick = (event: MouseEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) acceptRef.current();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [visible]);

  // The server's render (and so the hydrating one) sends it hidden: only the browser knows whether it
  // was answered already. The landing page's script before the app (landing-boot.ts) shows it.
  if (hydrated && !visible) return null;
  return (
    <section ref={ref} className={styles.banner} aria-label={t('cookies.region')} data-cookie-banner="" hidden={!hydrated}>
      <p className={styles.text}>{t('cookies.text')}</p>
      <button type="button" className={styles.close} onClick={accept} aria-label={t('cookies.close')}>
        <Icon name="close" size={20} />
      </button>
    </section>
  );
}

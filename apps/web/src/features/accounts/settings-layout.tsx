import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import styles from './settings.module.css';

/** The settings frame: a side list of settings pages and the current page's panel. */
export function SettingsLayout({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the list is a strip that scrolls sideways: the current page's tab is brought into view.
  // (Sideways only: scrollIntoView could also move the page.)
  useEffect(() => {
    const strip = nav.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !active) return;
    const center = () => {
      if (strip.scrollWidth <= strip.clientWidth) return;
      strip.scrollLeft = active.offsetLeft - strip.offsetLeft - (strip.clientWidth - active.offsetWidth) / 2;
    };
    center();
    // Again whenever the strip or the tab changes size: its layout may settle after this first
    // render (styles, fonts), and a phone may turn.
    const observer = new ResizeObserver(center);
    observer.observe(strip);
    observer.observe(active);
    return () => observer.disconnect();
  }, [pathname]);
  const linkClass = ({ isActive }: { isActive: boolean }) => `${styles.navLink} ${isActive ? styles.navActive : ''}`;
  return (
    <div className={styles.frame}>
      <nav ref={nav} className={styles.nav} aria-label={t('settings.nav')}>
        <NavLink to="/accounts/edit/" className={linkClass}>
          {t('settings.editProfile')}
        </NavLink>
        <NavLink to="/accounts/password/change/" className={linkClass}>
          {t('password.title')}
        </NavLink>
        <NavLink to="/session/login_activity/" className={linkClass}>
          {t('sessions.title')}
        </NavLink>
        <NavLink to="/accounts/two_factor_authentication/" className={linkClass}>
          {t('twoFactorSettings.navLabel')}
        </NavLink>
        <NavLink to="/accounts/privacy_and_security/" className={linkClass}>
          {t('graph.privacyTitle')}
        </NavLink>
        <NavLink to="/accounts/comment_filter/" className={linkClass}>
          {t('prefs.commentsNav')}
        </NavLink>
        <NavLink to="/emails/notifications/" className={linkClass}>
          {t('prefs.notificationsNav')}
        </NavLink>
        <NavLink to="/emails/emails_sent/" className={linkClass}>
          {t('prefs.emailsSentNav')}
        </NavLink>
        <NavLink to="/accounts/contact_history/" className={linkClass}>
          {t('contactImport.navLabel')}
        </NavLink>
        <NavLink to="/accounts/manage_access/" className={linkClass}>
          {t('apps.navLabel')}
        </NavLink>
        <NavLink to="/accounts/close_friends/" className={linkClass}>
          {t('closeFriends.title')}
        </NavLink>
        <NavLink to="/archive/stories/" className={linkClass}>
          {t('highlights.archiveLink')}
        </NavLink>
        <NavLink to="/accounts/download_data/" className={linkClass}>
          {t('leaving.navDownload')}
        </NavLink>
        <NavLink to="/accounts/remove/request/temporary/" className={linkClass}>
          {t('leaving.navDeactivate')}
        </NavLink>
      </nav>
      <section className={styles.panel} aria-labelledby="settings-title">
        <h1 id="settings-title" className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

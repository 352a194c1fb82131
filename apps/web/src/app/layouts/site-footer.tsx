import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n';
import { isLocale, LOCALES } from '../../lib/i18n/translate';
import { LegalLinks } from '../../features/legal/legal-links';
import styles from './site-footer.module.css';

/** Logged-out footer: the directories (plain links a crawler follows) and the language selector. */
export function SiteFooter() {
  const { t, locale, setLocale } = useI18n();
  return (
    <footer className={styles.footer}>
      <nav aria-label={t('directory.footerLabel')} className={styles.links}>
        <Link to="/directory/profiles/">{t('directory.profiles')}</Link>
        <Link to="/directory/hashtags/">{t('directory.hashtags')}</Link>
        <Link to="/explore/locations/">{t('directory.locations')}</Link>
      </nav>
      <LegalLinks className={styles.links} linkClassName="" />
      <label className={styles.language}>
        <span className="visually-hidden">{t('app.languageLabel')}</span>
        <select
          value={locale}
          aria-label={t('app.languageLabel')}
          onChange={(event) => {
            if (isLocale(event.target.value)) setLocale(event.target.value);
          }}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(`locale.${code}`)}
            </option>
          ))}
        </select>
      </label>
      <p className={styles.copyright}>{t('app.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

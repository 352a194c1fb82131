import { useLocation } from 'react-router';
import { useDocumentTitle, useT, type MessageId } from '../../lib/i18n/i18n';
import { LEGAL_PATHS, LegalLinks, type LegalDoc } from './legal-links';
import styles from './legal.module.css';

const SECTIONS: Record<Exclude<LegalDoc, 'cookies'>, number> = { terms: 5, privacy: 4 };
const COOKIES = ['session', 'csrf', 'banner', 'dataSaver', 'storage'] as const;

function docOf(pathname: string): LegalDoc {
  if (pathname.startsWith(LEGAL_PATHS.privacy)) return 'privacy';
  if (pathname.startsWith(LEGAL_PATHS.cookies)) return 'cookies';
  return 'terms';
}

/** `/legal/terms/`, `/legal/privacy/`, `/legal/cookies/`. */
export function LegalPage() {
  const t = useT();
  const doc = docOf(useLocation().pathname);
  const title = t(`legal.${doc}.title`);
  useDocumentTitle(title);
  return (
    <article className={styles.page} aria-labelledby="legal-title">
      <LegalLinks className={styles.tabs} />
      <h1 id="legal-title" className={styles.title}>{title}</h1>
      {doc === 'cookies' ? (
        <>
          <p>{t('legal.cookies.intro')}</p>
          <ul className={styles.list}>
            {COOKIES.map((key) => <li key={key}>{t(`legal.cookies.${key}`)}</li>)}
          </ul>
        </>
      ) : (
        Array.from({ length: SECTIONS[doc] }, (_, i) => (
          <section key={i} aria-labelledby={`legal-${i}`}>
            <h2 id={`legal-${i}`} className={styles.heading}>{t(`legal.${doc}.${i + 1}.heading` as MessageId)}</h2>
            <p>{t(`legal.${doc}.${i + 1}.body` as MessageId)}</p>
          </section>
        ))
      )}
      <p className={styles.operator}>{t('legal.operator')}</p>
    </article>
  );
}

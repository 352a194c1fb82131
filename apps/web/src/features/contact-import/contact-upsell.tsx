import { Link } from 'react-router';
import { CONTACT_HISTORY_PATH } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { setUserPreference, useUserPreference } from '../../lib/user-preferences';
import { buttonClass } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { useSession } from '../../state/session';
import styles from './contact-upsell.module.css';

/** "Find friends from your contacts" in the feed, until the viewer dismisses it (showContactImportFeedUnitUpsell). */
export function ContactImportUpsell() {
  const t = useT();
  const { viewer } = useSession();
  const viewerId = viewer?.id ?? null;
  const shown = useUserPreference(viewerId, 'showContactImportFeedUnitUpsell');
  if (!viewerId || !shown) return null;
  return (
    <section className={styles.unit} aria-labelledby="contact-upsell-title">
      <div className={styles.text}>
        <h2 id="contact-upsell-title" className={styles.title}>{t('contactImport.upsellTitle')}</h2>
        <p className={styles.body}>{t('contactImport.upsellBody')}</p>
      </div>
      <Link className={buttonClass('primary')} to={CONTACT_HISTORY_PATH}>{t('contactImport.upsellAction')}</Link>
      <button type="button" className={styles.dismiss} aria-label={t('contactImport.upsellDismiss')} onClick={() => setUserPreference(viewerId, 'showContactImportFeedUnitUpsell', false)}>
        <Icon name="close" size={16} />
      </button>
    </section>
  );
}

import { useState, type KeyboardEvent } from 'react';
import type { EmailKind, SentEmail } from '@shutter/contract';
import { useDocumentTitle, useI18n, useT } from '../../lib/i18n/i18n';
import { useEmailsSent } from '../../state/queries/privacy-settings';
import { EmptyState } from '../../ui/empty-state';
import { SettingsLayout } from '../accounts/settings-layout';
import { PageState } from './page-state';
import styles from './settings-pages.module.css';

const TABS: EmailKind[] = ['security', 'other'];

function MailList({ mails, days }: { mails: SentEmail[]; days: number }) {
  const t = useT();
  const { locale } = useI18n();
  if (mails.length === 0) return <EmptyState icon="info" title={t('prefs.emailsSentEmpty', { days })} />;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul className={styles.mails}>
      {mails.map((mail) => (
        <li key={mail.id} className={styles.mail}>
          <details>
            <summary>{mail.subject}</summary>
            <p className={styles.mailBody}>{mail.body}</p>
          </details>
          <p className={styles.mailMeta}>
            {when.format(new Date(mail.sent_at * 1000))} · {t('prefs.sentTo', { email: mail.recipient })}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** `/emails/emails_sent/`: the mails sent to the person lately, security ones apart, to tell ours from fakes. */
export function EmailsSentPage() {
  const t = useT();
  useDocumentTitle(t('prefs.emailsSentTitle'));
  const query = useEmailsSent();
  const [tab, setTab] = useState<EmailKind>('security');
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length]!;
    setTab(next);
    document.getElementById(`emails-tab-${next}`)?.focus();
  };
  const data = query.data;
  return (
    <SettingsLayout title={t('prefs.emailsSentTitle')}>
      {data ? (
        <>
          <p className={styles.intro}>{t('prefs.emailsSentIntro', { days: data.days })}</p>
          <div className={styles.tabs} role="tablist" onKeyDown={onKey}>
            {TABS.map((kind) => (
              <button
                key={kind}
                id={`emails-tab-${kind}`}
                type="button"
                role="tab"
                className={styles.tab}
                aria-selected={tab === kind}
                aria-controls="emails-panel"
                tabIndex={tab === kind ? 0 : -1}
                onClick={() => setTab(kind)}
              >
                {t(kind === 'security' ? 'prefs.tabSecurity' : 'prefs.tabOther')}
              </button>
            ))}
          </div>
          <div id="emails-panel" role="tabpanel" aria-labelledby={`emails-tab-${tab}`}>
            <MailList mails={data[tab]} days={data.days} />
          </div>
        </>
      ) : (
        <PageState failed={query.isError} onRetry={() => void query.refetch()} />
      )}
    </SettingsLayout>
  );
}

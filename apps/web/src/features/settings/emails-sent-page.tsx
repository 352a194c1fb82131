import { useState } from 'react';
import type { EmailKind, SentEmail } from '@shutter/contract';
import { useDocumentTitle, useI18n, useT } from '../../lib/i18n/i18n';
import { useEmailsSent } from '../../state/queries/privacy-settings';
import { EmptyState } from '../../ui/empty-state';
import { Tabs } from '../../ui/tabs';
import { SettingsLayout } from '../accounts/settings-layout';
import { PageState } from './page-state';
import styles from './settings-pages.module.css';

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
  const data = query.data;
  return (
    <SettingsLayout title={t('prefs.emailsSentTitle')}>
      {data ? (
        <>
          <p className={styles.intro}>{t('prefs.emailsSentIntro', { days: data.days })}</p>
          <Tabs label={t('prefs.emailsSentTitle')} tabs={[{ value: 'security', label: t('prefs.tabSecurity') }, { value: 'other', label: t('prefs.tabOther') }]} selected={tab} onSelect={setTab}>
            <MailList mails={data[tab]} days={data.days} />
          </Tabs>
        </>
      ) : (
        <PageState failed={query.isError} onRetry={() => void query.refetch()} />
      )}
    </SettingsLayout>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { EMAIL_SUBSCRIBED, EMAIL_UNSUBSCRIBED, type EmailPreference, type PushPreference, type PushValue } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import type { MessageId } from '../../lib/i18n/messages/en';
import { saveEmailPreference, savePushPreference, useNotificationSettings } from '../../state/queries/privacy-settings';
import { SettingsLayout } from '../accounts/settings-layout';
import { PageState } from './page-state';
import { ChoiceGroup, SwitchRow } from './setting-controls';
import { useSetting } from './use-setting';
import styles from './settings-pages.module.css';

function EmailRow({ pref }: { pref: EmailPreference }) {
  const t = useT();
  const client = useQueryClient();
  const setting = useSetting<number>(`email:${pref.name}`, pref.checked, (v) => saveEmailPreference(client, pref.name, v), 'prefs.emailFailed');
  return (
    <SwitchRow
      label={t(`prefs.email.${pref.name}` as MessageId)}
      help={t(`prefs.email.${pref.name}Help` as MessageId)}
      // Checked value 2 is subscribed.
      view={{ ...setting.view, value: setting.view.value === EMAIL_SUBSCRIBED }}
      onToggle={(on) => setting.change(on ? EMAIL_SUBSCRIBED : EMAIL_UNSUBSCRIBED)}
    />
  );
}

function PushRow({ pref }: { pref: PushPreference }) {
  const t = useT();
  const client = useQueryClient();
  const setting = useSetting<PushValue>(`push:${pref.name}`, pref.checked, (v) => savePushPreference(client, pref.name, v), 'prefs.pushFailed');
  return (
    <ChoiceGroup
      legend={t(`prefs.push.${pref.name}` as MessageId)}
      name={`push-${pref.name}`}
      options={pref.options.map((value) => ({ value, label: t(`prefs.push.${value}` as MessageId) }))}
      view={setting.view}
      onChange={setting.change}
    />
  );
}

/** `/emails/notifications/`: which emails and push notifications the person gets. */
export function NotificationSettingsPage() {
  const t = useT();
  useDocumentTitle(t('prefs.notificationsTitle'));
  const query = useNotificationSettings();
  const data = query.data;
  return (
    <SettingsLayout title={t('prefs.notificationsTitle')}>
      {data ? (
        <>
          <h2 className={styles.heading}>{t('prefs.pushTitle')}</h2>
          {data.push_settings.map((pref) => <PushRow key={pref.name} pref={pref} />)}
          <h2 className={styles.heading}>{t('prefs.emailTitle')}</h2>
          {data.email_settings.map((pref) => <EmailRow key={pref.name} pref={pref} />)}
        </>
      ) : (
        <PageState failed={query.isError} onRetry={() => void query.refetch()} />
      )}
    </SettingsLayout>
  );
}

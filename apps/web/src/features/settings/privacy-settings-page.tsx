import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { InteractionAudience, PrivacySettingsAnswer } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { savePrivacySetting, usePrivacySettings } from '../../state/queries/privacy-settings';
import { useSession } from '../../state/session';
import { SettingsLayout } from '../accounts/settings-layout';
import { PageState } from './page-state';
import { PrivateAccountSwitch } from './private-account-switch';
import { ChoiceGroup, SwitchRow } from './setting-controls';
import { useSetting } from './use-setting';
import styles from './settings-pages.module.css';

function Interactions({ settings }: { settings: PrivacySettingsAnswer }) {
  const t = useT();
  const client = useQueryClient();
  // The switch says "show", the setting "disabled": the two are opposites.
  const presence = useSetting('privacy:presence_disabled', settings.presence_disabled, (v) => savePrivacySetting(client, 'presence_disabled', v), 'prefs.toggleFailed');
  const stories = useSetting('privacy:story_sharing', settings.story_sharing, (v) => savePrivacySetting(client, 'story_sharing', v), 'prefs.toggleFailed');
  const mentions = useSetting<InteractionAudience>('privacy:mentions_from', settings.mentions_from, (v) => savePrivacySetting(client, 'mentions_from', v), 'prefs.toggleFailed');
  const tags = useSetting<InteractionAudience>('privacy:usertags_from', settings.usertags_from, (v) => savePrivacySetting(client, 'usertags_from', v), 'prefs.toggleFailed');
  const audiences = [
    { value: 'everyone' as const, label: t('prefs.everyone') },
    { value: 'following' as const, label: t('prefs.following') },
    { value: 'none' as const, label: t('prefs.none') },
  ];
  return (
    <>
      <h2 className={styles.heading}>{t('prefs.interactions')}</h2>
      <SwitchRow
        label={t('prefs.activityStatus')}
        help={t('prefs.activityStatusHelp')}
        view={{ ...presence.view, value: !presence.view.value }}
        onToggle={(show) => presence.change(!show)}
      />
      <ChoiceGroup legend={t('prefs.mentions')} help={t('prefs.mentionsHelp')} name="mentions" options={audiences} view={mentions.view} onChange={mentions.change} />
      <ChoiceGroup legend={t('prefs.tags')} help={t('prefs.tagsHelp')} name="tags" options={audiences} view={tags.view} onChange={tags.change} />
      <h2 className={styles.heading}>{t('prefs.storySharingTitle')}</h2>
      <SwitchRow label={t('prefs.storySharing')} help={t('prefs.storySharingHelp')} view={stories.view} onToggle={stories.change} />
    </>
  );
}

/** `/accounts/privacy_and_security/`: account privacy, activity status, mentions, tags and story sharing. */
export function PrivacySettingsPage() {
  const t = useT();
  useDocumentTitle(t('graph.privacyTitle'));
  const { viewer } = useSession();
  const query = usePrivacySettings();
  const settings = query.data;
  return (
    <SettingsLayout title={t('graph.privacyTitle')}>
      <h2 className={styles.heading}>{t('graph.accountPrivacy')}</h2>
      {settings && viewer ? (
        <>
          <PrivateAccountSwitch username={viewer.username} isPrivate={settings.is_private} />
          <Interactions settings={settings} />
        </>
      ) : (
        <PageState failed={query.isError} onRetry={() => void query.refetch()} />
      )}
      <h2 className={styles.heading}>{t('closeFriends.title')}</h2>
      <p>
        <Link to="/accounts/close_friends/">{t('closeFriends.edit')}</Link>
      </p>
    </SettingsLayout>
  );
}

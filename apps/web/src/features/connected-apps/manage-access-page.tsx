import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppAuthorization, AppInvite } from '@shutter/contract';
import { dateTimeFormat } from '../../lib/formatters';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Tabs } from '../../ui/tabs';
import { ConfirmDialog } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { acceptAppInvite, declineAppInvite, revokeApp, updateManageAccess, useManageAccess } from '../../state/queries/connected-apps';
import { useToast } from '../../state/toast/toast-context';
import { SettingsLayout } from '../accounts/settings-layout';
import { SCOPE_WORDS } from './consent-page';
import { appRevoked, inviteAccepted, inviteDeclined, rowsOf, type AccessTab } from './manage-access-state';
import styles from './connected-apps.module.css';

const TABS: AccessTab[] = ['active', 'expired'];

function useDate() {
  const { locale } = useI18n();
  return (seconds: number) => dateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(seconds * 1000));
}

function AppRow({ app, onRemove }: { app: AppAuthorization; onRemove: () => void }) {
  const { t } = useI18n();
  const date = useDate();
  const ended = app.status === 'removed' ? t('apps.removedOn', { date: date(app.removed_at!) }) : app.status === 'expired' ? t('apps.expiredOn', { date: date(app.expired_at!) }) : null;
  return (
    <li className={styles.row}>
      <div className={styles.rowText}>
        <span className={styles.name}>{app.app_name}</span>
        {app.app_description ? <span className={styles.meta}>{app.app_description}</span> : null}
        <span className={styles.meta}>{t('apps.authorizedOn', { date: date(app.authorized_at) })}{ended ? ` · ${ended}` : ''}</span>
        {app.privacy_policy ? <a className={styles.meta} href={app.privacy_policy} rel="noopener noreferrer nofollow" target="_blank">{t('apps.privacyPolicy')}</a> : null}
        <ul className={styles.scopes}>{app.scopes.map((s) => <li key={s}>{t(SCOPE_WORDS[s])}</li>)}</ul>
      </div>
      {app.status === 'active' ? (
        <div className={styles.rowActions}>
          <Button variant="secondary" onClick={onRemove} aria-label={t('apps.removeLabel', { app: app.app_name })}>{t('apps.remove')}</Button>
        </div>
      ) : null}
    </li>
  );
}

function InviteRow({ invite, busy, onAnswer }: { invite: AppInvite; busy: boolean; onAnswer: (accept: boolean) => void }) {
  const { t } = useI18n();
  const date = useDate();
  return (
    <li className={styles.row}>
      <div className={styles.rowText}>
        <span className={styles.name}>{invite.app_name}</span>
        <span className={styles.meta}>{invite.accepted_at === null ? t('apps.invitePending') : t('apps.inviteAccepted', { date: date(invite.accepted_at) })}</span>
      </div>
      {invite.accepted_at === null ? (
        <div className={styles.rowActions}>
          <Button busy={busy} disabled={busy} onClick={() => onAnswer(true)} aria-label={t('apps.acceptLabel', { app: invite.app_name })}>{t('apps.accept')}</Button>
          <Button variant="secondary" disabled={busy} onClick={() => onAnswer(false)} aria-label={t('apps.declineLabel', { app: invite.app_name })}>{t('apps.decline')}</Button>
        </div>
      ) : null}
    </li>
  );
}

/** `/accounts/manage_access/`: the apps the person authorized (active and expired) and invitations to test apps. */
export function ManageAccessPage() {
  const { t } = useI18n();
  useDocumentTitle(t('apps.title'));
  const client = useQueryClient();
  const { showToast } = useToast();
  const query = useManageAccess();
  const [tab, setTab] = useState<AccessTab>('active');
  const [removing, setRemoving] = useState<AppAuthorization | null>(null);
  const [busy, setBusy] = useState(false);
  const [answering, setAnswering] = useState<string | null>(null);

  const remove = async (app: AppAuthorization) => {
    setBusy(true);
    try {
      await revokeApp(app.app_id);
      updateManageAccess(client, (data) => appRevoked(data, app.app_id, Math.floor(Date.now() / 1000)));
      showToast({ text: t('apps.removed', { app: app.app_name }) });
    } catch {
      showToast({ text: t('apps.removeFailed', { app: app.app_name }), actionText: t('apps.retry'), onAction: () => void remove(app) });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const answerInvite = async (invite: AppInvite, accept: boolean) => {
    setAnswering(invite.app_id);
    try {
      if (accept) {
        const { accepted_time } = await acceptAppInvite(invite.app_id);
        updateManageAccess(client, (data) => inviteAccepted(data, invite.app_id, accepted_time));
      } else {
        await declineAppInvite(invite.app_id);
        updateManageAccess(client, (data) => inviteDeclined(data, invite.app_id));
      }
    } catch {
      showToast({ text: t('apps.inviteFailed'), actionText: t('apps.retry'), onAction: () => void answerInvite(invite, accept) });
    } finally {
      setAnswering(null);
    }
  };

  let content;
  if (query.isPending) content = <div className={styles.state}><Spinner size={24} label={t('app.loading')} /></div>;
  else if (query.isError || !query.data) {
    content = (
      <div className={styles.state}>
        <p role="alert">{t('apps.loadError')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>{t('apps.retry')}</Button>
      </div>
    );
  } else {
    const rows = rowsOf(query.data, tab);
    content = rows.length === 0
      ? <EmptyState icon="shield" title={t(tab === 'active' ? 'apps.emptyActive' : 'apps.emptyExpired')} body={t(tab === 'active' ? 'apps.emptyActiveBody' : 'apps.emptyExpiredBody')} />
      : (
        <ul className={styles.list}>
          {rows.map((row) => row.kind === 'invite'
            ? <InviteRow key={`i${row.invite.app_id}`} invite={row.invite} busy={answering === row.invite.app_id} onAnswer={(accept) => void answerInvite(row.invite, accept)} />
            : <AppRow key={`a${row.app.app_id}`} app={row.app} onRemove={() => setRemoving(row.app)} />)}
        </ul>
      );
  }

  return (
    <SettingsLayout title={t('apps.title')}>
      <p className={styles.intro}>{t('apps.intro')}</p>
      <Tabs label={t('apps.tabs')} tabs={TABS.map((name) => ({ value: name, label: t(name === 'active' ? 'apps.tabActive' : 'apps.tabExpired') }))} selected={tab} onSelect={setTab}>
        {content}
      </Tabs>
      <ConfirmDialog
        open={removing !== null}
        title={t('apps.removeTitle', { app: removing?.app_name ?? '' })}
        body={t('apps.removeBody', { app: removing?.app_name ?? '' })}
        confirmText={t('apps.removeConfirm')}
        cancelText={t('apps.cancel')}
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </SettingsLayout>
  );
}

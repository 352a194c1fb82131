import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../app/toast/toast-provider';
import { ApiError, apiPost } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { pageDataKey } from '../../lib/page-data';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { SettingsLayout } from '../accounts/settings-layout';
import { useSession } from '../auth/session';
import { profilePath, useProfileData, type ProfilePageData } from '../profile/profile-data';
import styles from './privacy.module.css';

interface RateLimit {
  title: string;
  message: string;
}

/** The 429 answer of a too frequent switch carries its own dialog text (docs/api-graph.md). */
function rateLimitOf(error: unknown): RateLimit | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const body = (error.body ?? {}) as { privacy_rate_limit_dialog_title?: string; privacy_rate_limit_dialog_message?: string };
  return { title: body.privacy_rate_limit_dialog_title ?? '', message: body.privacy_rate_limit_dialog_message ?? '' };
}

function usePrivacySwitch(username: string) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  const [limit, setLimit] = useState<RateLimit | null>(null);
  const mutation = useMutation({
    mutationFn: (makePrivate: boolean) => apiPost<{ status: 'ok'; is_private: boolean }>(makePrivate ? '/accounts/set_private/' : '/accounts/set_public/'),
    onSuccess: (answer) => {
      // The switch reads the profile's page data: write the answer there, then let it refresh.
      client.setQueryData<ProfilePageData>(pageDataKey(profilePath(username)), (data) =>
        data ? { ...data, graphql: { user: { ...data.graphql.user, is_private: answer.is_private } } } : data,
      );
      void client.invalidateQueries({ queryKey: pageDataKey(profilePath(username)) });
      showToast({ text: t(answer.is_private ? 'graph.nowPrivate' : 'graph.nowPublic') });
    },
    onError: (error) => {
      const rateLimit = rateLimitOf(error);
      if (rateLimit) setLimit(rateLimit);
      else showToast({ text: t('graph.privacyFailed') });
    },
  });
  return { mutation, limit, closeLimit: () => setLimit(null) };
}

function PrivacySwitch({ username, isPrivate }: { username: string; isPrivate: boolean }) {
  const t = useT();
  const { mutation, limit, closeLimit } = usePrivacySwitch(username);
  // While the call runs the switch shows where it is going; a failure shows the old value again.
  const checked = mutation.isPending ? mutation.variables : isPrivate;
  return (
    <div className={styles.setting}>
      <div className={styles.settingText}>
        <span id="private-account-label" className={styles.label}>
          {t('graph.privateAccount')}
        </span>
        <p id="private-account-help" className={styles.help}>
          {t('graph.privateAccountHelp')}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby="private-account-label"
        aria-describedby="private-account-help"
        aria-busy={mutation.isPending || undefined}
        className={styles.switch}
        onClick={() => {
          if (!mutation.isPending) mutation.mutate(!isPrivate);
        }}
      >
        <span className={styles.thumb} aria-hidden="true" />
      </button>
      <Modal open={!!limit} onClose={closeLimit} title={limit?.title || t('graph.privacyLimitTitle')}>
        <p className={styles.dialogBody}>{limit?.message || t('graph.privacyLimitBody')}</p>
        <div className={styles.dialogActions}>
          <Button block onClick={closeLimit}>
            {t('post.ok')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}

/** `/accounts/privacy_and_security/`: the private account switch. */
export function PrivacyPage() {
  const t = useT();
  useDocumentTitle(t('graph.privacyTitle'));
  const { viewer } = useSession();
  const username = viewer?.username ?? '';
  const query = useProfileData(username, { enabled: !!viewer });
  const user = query.data?.graphql.user;
  return (
    <SettingsLayout title={t('graph.privacyTitle')}>
      <h2 className={styles.heading}>{t('graph.accountPrivacy')}</h2>
      {user ? (
        <PrivacySwitch username={username} isPrivate={user.is_private} />
      ) : query.isError ? (
        <div className={styles.state}>
          <p>{t('app.error.body')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('app.error.retry')}
          </Button>
        </div>
      ) : (
        <div className={styles.state}>
          <Spinner size={24} label={t('app.loading')} />
        </div>
      )}
    </SettingsLayout>
  );
}

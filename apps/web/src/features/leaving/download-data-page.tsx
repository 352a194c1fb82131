import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DATA_DOWNLOAD_LINK_DAYS } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useDocumentTitle, useI18n, useT } from '../../lib/i18n/i18n';
import { pageDataKey } from '../../lib/page-data';
import { DOWNLOAD_DATA_PATH, requestDataDownload, useDataDownload, type DataDownloadAnswer } from '../../state/queries/leaving';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { SettingsLayout } from '../accounts/settings-layout';
import styles from './leaving.module.css';

/** How often the page asks again while the archive is being made. */
const POLL_MS = 3000;

/** `/accounts/download_data/`: ask for a copy of one's data; its link arrives by mail and works once. */
export function DownloadDataPage() {
  const t = useT();
  const { locale } = useI18n();
  useDocumentTitle(t('leaving.download.title'));
  const queryClient = useQueryClient();
  const status = useDataDownload();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = status.data?.state;
  const { refetch } = status;

  useEffect(() => {
    if (state !== 'preparing') return;
    const timer = setInterval(() => void refetch(), POLL_MS);
    return () => clearInterval(timer);
  }, [state, refetch]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await requestDataDownload(password);
      queryClient.setQueryData<DataDownloadAnswer>(pageDataKey(DOWNLOAD_DATA_PATH), answer);
      setPassword('');
    } catch (err) {
      setError(firstServerError(err, t('leaving.internalError')));
    } finally {
      setBusy(false);
    }
  };

  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : '');
  const email = status.data?.email ?? '';

  return (
    <SettingsLayout title={t('leaving.download.title')}>
      <p className={styles.intro}>{t('leaving.download.intro', { days: DATA_DOWNLOAD_LINK_DAYS })}</p>
      {status.isPending ? <Spinner /> : null}
      {state && state !== 'none' ? (
        <div className={styles.status} role="status" data-state={state}>
          {state === 'preparing' ? <Spinner size={16} /> : null}
          <span>
            {state === 'preparing' && t('leaving.download.preparing', { email })}
            {state === 'ready' && t('leaving.download.ready', { email, date: date(status.data!.expires_at) })}
            {state === 'downloaded' && t('leaving.download.downloaded')}
            {state === 'expired' && t('leaving.download.expired')}
            {state === 'failed' && t('leaving.download.failed')}
          </span>
        </div>
      ) : null}
      {state !== 'preparing' ? (
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField
            label={t('leaving.password')}
            name="password"
            type="password"
            revealable
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className={styles.actions}>
            <Button type="submit" busy={busy} disabled={!password}>
              {state === 'none' || !state ? t('leaving.download.submit') : t('leaving.download.again')}
            </Button>
          </div>
        </form>
      ) : null}
    </SettingsLayout>
  );
}

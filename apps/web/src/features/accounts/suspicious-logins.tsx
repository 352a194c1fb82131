import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SuspiciousLogin } from '@shutter/contract';
import { useI18n } from '../../lib/i18n/i18n';
import { formatRelativeTime } from '../../lib/relative-time';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/modal';
import { avowLogin, disavowLogin, undoAvowLogin } from '../../state/queries/settings';
import { useToast } from '../../state/toast/toast-context';
import styles from './settings.module.css';

type Action = 'avow' | 'undo' | 'disavow';

/**
 * Spec 001 "Login activity": logins from a new device or place, each confirmed ("This was me",
 * with undo) or disavowed ("This wasn't me": it ends, and the password is changed next).
 */
export function SuspiciousLogins({ logins }: { logins: SuspiciousLogin[] }) {
  const { t, locale } = useI18n();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [disavowing, setDisavowing] = useState<SuspiciousLogin | null>(null);

  const act = async (login: SuspiciousLogin, action: Action) => {
    setBusy(`${action}:${login.id}`);
    try {
      if (action === 'avow') {
        await avowLogin(client, login.id);
        showToast({ text: t('loginCheck.confirmed'), actionText: t('loginCheck.undo'), onAction: () => void act(login, 'undo') });
      } else if (action === 'undo') {
        await undoAvowLogin(client, login.id);
        showToast({ text: t('loginCheck.undone') });
      } else {
        await disavowLogin(client, login.id);
        setDisavowing(null);
        if (login.is_current) window.location.assign('/accounts/login/');
        else void navigate('/accounts/password/change/');
      }
    } catch {
      showToast({ text: t('loginCheck.failed'), actionText: t('loginCheck.retry'), onAction: () => void act(login, action) });
    } finally {
      setBusy(null);
    }
  };

  if (logins.length === 0) return null;
  return (
    <section className={styles.loginCheck} aria-labelledby="login-check-heading">
      <h2 id="login-check-heading" className={styles.sectionHeading}>
        {t('loginCheck.heading')}
      </h2>
      <p className={styles.intro}>{t('loginCheck.body')}</p>
      <ul className={styles.sessions}>
        {logins.map((login) => {
          const names = { browser: login.browser, os: login.os, ip: login.ip };
          return (
            <li key={login.id} className={styles.session}>
              <div className={styles.sessionText}>
                <span className={styles.sessionTitle}>{t('sessions.summary', names)}</span>
                <span className={styles.meta}>{t('loginCheck.when', { time: formatRelativeTime(login.login_timestamp, locale), device: login.device, ip: login.ip })}</span>
                {login.is_confirmed ? <span className={styles.active}>{t('loginCheck.confirmed')}</span> : null}
              </div>
              <div className={styles.actions}>
                {login.is_confirmed ? (
                  <Button variant="secondary" busy={busy === `undo:${login.id}`} onClick={() => void act(login, 'undo')}>
                    {t('loginCheck.undo')}
                  </Button>
                ) : (
                  <Button variant="secondary" busy={busy === `avow:${login.id}`} onClick={() => void act(login, 'avow')} aria-label={t('loginCheck.wasMeLabel', names)}>
                    {t('loginCheck.wasMe')}
                  </Button>
                )}
                <Button variant="danger" onClick={() => setDisavowing(login)} aria-label={t('loginCheck.notMeLabel', names)}>
                  {t('loginCheck.notMe')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={disavowing !== null}
        title={t('loginCheck.notMeTitle')}
        body={t('loginCheck.notMeBody')}
        confirmText={t('loginCheck.notMeConfirm')}
        cancelText={t('loginCheck.cancel')}
        busy={busy?.startsWith('disavow:')}
        onConfirm={() => disavowing && void act(disavowing, 'disavow')}
        onCancel={() => setDisavowing(null)}
      />
    </section>
  );
}

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginSession } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { formatRelativeTime } from '../../lib/relative-time';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { endSession, useLoginActivity } from '../../state/queries/settings';
import { SettingsLayout } from './settings-layout';
import { SuspiciousLogins } from './suspicious-logins';
import styles from './settings.module.css';

function isMobileDevice(session: LoginSession) {
  return /phone|mobile|android|ios|ipad|tablet/i.test(`${session.device} ${session.os}`);
}

function SessionRow({ session, onEnd, ending }: { session: LoginSession; onEnd: () => void; ending: boolean }) {
  const { t, locale } = useI18n();
  const summary = t('sessions.summary', { browser: session.browser, os: session.os });
  return (
    <li className={styles.session}>
      <span className={styles.deviceIcon}>
        <Icon name={isMobileDevice(session) ? 'phone' : 'desktop'} />
      </span>
      <div className={styles.sessionText}>
        <span className={styles.sessionTitle}>{summary}</span>
        <span className={styles.meta}>
          {session.device} · {session.ip}
        </span>
        <span className={styles.meta}>
          {session.is_current ? (
            <span className={styles.active}>{t('sessions.activeNow')}</span>
          ) : (
            t('sessions.lastActive', { time: formatRelativeTime(session.last_active_at, locale) })
          )}
          {' · '}
          {t('sessions.startedAt', { time: formatRelativeTime(session.created_at, locale) })}
        </span>
      </div>
      <Button variant="danger" busy={ending} onClick={onEnd} aria-label={t('sessions.logOutLabel', { browser: session.browser, os: session.os, ip: session.ip })}>
        {t('sessions.logOut')}
      </Button>
    </li>
  );
}

/** `/session/login_activity/`: the viewer's sessions; ending one removes it, ending this one reloads. */
export function LoginActivityPage() {
  const { t } = useI18n();
  useDocumentTitle(t('sessions.title'));
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const query = useLoginActivity();
  const [ending, setEnding] = useState<string | null>(null);

  const end = async (session: LoginSession) => {
    setEnding(session.id);
    try {
      await endSession(queryClient, session.id);
      if (session.is_current) {
        window.location.reload();
        return;
      }
      showToast({ text: t('sessions.ended') });
    } catch {
      showToast({ text: t('sessions.endError'), actionText: t('sessions.retry'), onAction: () => void end(session) });
    } finally {
      setEnding(null);
    }
  };

  let content;
  if (query.isPending) content = <div className={styles.state}><Spinner size={24} label={t('app.loading')} /></div>;
  else if (query.isError)
    content = (
      <div className={styles.state}>
        <p role="alert">{t('sessions.error')}</p>
        <div className={styles.actions} style={{ justifyContent: 'center' }}>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('sessions.retry')}
          </Button>
        </div>
      </div>
    );
  else if (query.data.sessions.length === 0) content = <p className={styles.state}>{t('sessions.empty')}</p>;
  else {
    const sessions = [...query.data.sessions].sort((a, b) => Number(b.is_current) - Number(a.is_current) || b.last_active_at - a.last_active_at);
    content = (
      <ul className={styles.sessions}>
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} ending={ending === session.id} onEnd={() => void end(session)} />
        ))}
      </ul>
    );
  }

  return (
    <SettingsLayout title={t('sessions.title')}>
      {query.data ? <SuspiciousLogins logins={query.data.suspicious_logins} /> : null}
      <h2 className={styles.sectionHeading}>{t('sessions.heading')}</h2>
      <p className={styles.intro}>{t('sessions.body')}</p>
      {content}
    </SettingsLayout>
  );
}

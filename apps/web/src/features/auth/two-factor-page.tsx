import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BACKUP_CODE_LENGTH, normalizeCode, TOTP_CODE_LENGTH } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Logo } from '../../ui/logo';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useSession } from '../../state/session';
import { forgetChallenge, logInTwoFactor, pendingChallenge, type PendingChallenge } from '../../state/queries/two-factor';
import styles from './auth.module.css';

function ChallengeForm({ challenge }: { challenge: PendingChallenge }) {
  const t = useT();
  const { refresh } = useSession();
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [trust, setTrust] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; attempt: number } | null>(null);
  const length = backup ? BACKUP_CODE_LENGTH : TOTP_CODE_LENGTH;
  const ready = normalizeCode(code).length === length;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      await logInTwoFactor({ ...challenge, verificationCode: code, trustSignin: trust });
      forgetChallenge();
      // The session is on: the shared data says so, and the route guard moves on.
      await refresh();
    } catch (err) {
      // R-000-two-factor-1 / R-001-two-factor-6: the server's message, else a generic one.
      setError({ text: firstServerError(err, t('twoFactor.error')), attempt: (error?.attempt ?? 0) + 1 });
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.body}>{backup ? t('twoFactor.backupBody', { digits: BACKUP_CODE_LENGTH, username: challenge.username }) : t('twoFactor.codeBody', { username: challenge.username })}</p>
      <TextField
        label={backup ? t('twoFactor.backupLabel') : t('twoFactor.codeLabel')}
        name="verificationCode"
        autoComplete="one-time-code"
        inputMode="numeric"
        autoFocus
        maxLength={length + 4}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/[^\d\s-]/g, ''))}
      />
      <label className={styles.check}>
        <input type="checkbox" name="trust_signin" checked={trust} onChange={(event) => setTrust(event.target.checked)} />
        <span>
          {t('twoFactor.trust')}
          <span className={styles.checkHint}>{t('twoFactor.trustHint')}</span>
        </span>
      </label>
      <Button type="submit" block busy={busy} disabled={!ready} className={styles.submit}>
        {t('twoFactor.confirm')}
      </Button>
      {error ? (
        <p className={styles.formError} role="alert" data-submission-count={error.attempt}>
          {error.text}
        </p>
      ) : null}
      <Button variant="link" className={styles.forgot} onClick={() => { setBackup(!backup); setCode(''); setError(null); }}>
        {backup ? t('twoFactor.useApp') : t('twoFactor.useBackup')}
      </Button>
    </form>
  );
}

/**
 * `/accounts/login/two_factor/`: the second step of a login whose password was right. The challenge
 * (identifier and username) comes from the login form through this tab's storage, so a reload keeps it.
 */
export function TwoFactorPage() {
  const t = useT();
  useDocumentTitle(t('twoFactor.title'));
  const hydrated = useHydrated();
  const [challenge] = useState(() => (typeof window === 'undefined' ? null : pendingChallenge()));
  let content;
  if (!hydrated) content = <Spinner size={24} label={t('app.loading')} />;
  else if (!challenge) {
    content = (
      <EmptyState icon="lock" title={t('twoFactor.title')} body={t('twoFactor.missing')} level={1}>
        <Link to="/accounts/login/">{t('twoFactor.backToLogin')}</Link>
      </EmptyState>
    );
  } else {
    content = (
      <>
        <div className={styles.logo}>
          <Logo size="lg" />
        </div>
        <h1 id="two-factor-heading" className={styles.lead}>
          {t('twoFactor.title')}
        </h1>
        <ChallengeForm challenge={challenge} />
      </>
    );
  }
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={challenge && hydrated ? 'two-factor-heading' : undefined}>
        {content}
      </section>
      {challenge && hydrated ? (
        <p className={`${styles.card} ${styles.secondary}`}>
          <Link to="/accounts/login/" onClick={forgetChallenge}>
            {t('twoFactor.backToLogin')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

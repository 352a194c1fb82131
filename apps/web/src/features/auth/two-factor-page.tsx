import { useReducer, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BACKUP_CODE_LENGTH, normalizeCode, TOTP_CODE_LENGTH } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useDocumentTitle, useT, type MessageId } from '../../lib/i18n/i18n';
import type { MessageVars } from '../../lib/i18n/translate';
import { useHydrated } from '../../lib/use-hydrated';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Logo } from '../../ui/logo';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useSession } from '../../state/session';
import { forgetChallenge, logInTwoFactor, pendingChallenge, sendLoginCode, type PendingChallenge } from '../../state/queries/two-factor';
import { challengeReducer, initialChallenge } from './two-factor-challenge-reducer';
import styles from './auth.module.css';
import own from './two-factor-page.module.css';

/** What the page asks for: the texted code, the app's, either, or a backup code. */
function codeBody(challenge: PendingChallenge, backup: boolean): { id: MessageId; params: MessageVars } {
  const { username } = challenge;
  if (backup) return { id: 'twoFactor.backupBody', params: { digits: BACKUP_CODE_LENGTH, username } };
  if (challenge.smsDigits === null) return { id: 'twoFactor.codeBody', params: { username } };
  return { id: challenge.totpOn ? 'twoFactor.smsOrAppBody' : 'twoFactor.smsBody', params: { username } };
}

function ChallengeForm({ challenge }: { challenge: PendingChallenge }) {
  const t = useT();
  const { refresh } = useSession();
  const texted = challenge.smsDigits !== null;
  const [state, dispatch] = useReducer(challengeReducer, texted, initialChallenge);
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [trust, setTrust] = useState(false);
  const length = backup ? BACKUP_CODE_LENGTH : TOTP_CODE_LENGTH;
  const ready = normalizeCode(code).length === length;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || state.submitting) return;
    dispatch({ type: 'submit' });
    try {
      await logInTwoFactor({ ...challenge, verificationCode: code, trustSignin: trust });
      forgetChallenge();
      // The session is on: the shared data says so, and the route guard moves on.
      await refresh();
    } catch (err) {
      // R-000-two-factor-1 / R-001-two-factor-6: the server's message, else a generic one.
      dispatch({ type: 'verifyFailed', error: firstServerError(err, t('twoFactor.error')) });
    }
  };

  const resend = async () => {
    if (state.requesting) return;
    dispatch({ type: 'request' });
    try {
      const sent = await sendLoginCode(challenge);
      dispatch({ type: 'sent', resent: sent.resent });
    } catch (err) {
      // R-000-two-factor-2: the server's message (the wait, the limit), else a generic one.
      dispatch({ type: 'requestFailed', error: firstServerError(err, t('twoFactor.sendError')) });
    }
  };

  const body = codeBody(challenge, backup);
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {texted && !backup ? (
        <p className={styles.notice} role="status">
          {state.notice === 'resent' ? t('twoFactor.smsResent', { digits: challenge.smsDigits ?? '' }) : t('twoFactor.smsSent', { digits: challenge.smsDigits ?? '' })}
        </p>
      ) : null}
      <p className={styles.body}>{t(body.id, body.params)}</p>
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
      {texted && !backup ? (
        <Button variant="link" className={own.resend} busy={state.requesting} onClick={() => void resend()}>
          {t('twoFactor.resend')}
        </Button>
      ) : null}
      <label className={styles.check}>
        <input type="checkbox" name="trust_signin" checked={trust} onChange={(event) => setTrust(event.target.checked)} />
        <span>
          {t('twoFactor.trust')}
          <span className={styles.checkHint}>{t('twoFactor.trustHint')}</span>
        </span>
      </label>
      <Button type="submit" block busy={state.submitting} disabled={!ready} className={styles.submit}>
        {t('twoFactor.confirm')}
      </Button>
      {state.error ? (
        <p className={styles.formError} role="alert" data-submission-count={state.failures}>
          {state.error}
        </p>
      ) : null}
      <Button variant="link" className={styles.forgot} onClick={() => { setBackup(!backup); setCode(''); dispatch({ type: 'switchMethod' }); }}>
        {backup ? t(texted && !challenge.totpOn ? 'twoFactor.useText' : 'twoFactor.useApp') : t('twoFactor.useBackup')}
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

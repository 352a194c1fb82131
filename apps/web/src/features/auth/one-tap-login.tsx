import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_SUSPENDED_ERROR, SUSPENDED_PAGE_PATH, type OneTapAccount, type TwoFactorInfo } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { translateServerMessage } from '../../lib/i18n/translate';
import { pageDataKey } from '../../lib/page-data';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { useSession } from '../../state/session';
import { continueAsSaved, removeSavedLogin } from '../../state/queries/one-tap';
import { keepChallenge, TWO_FACTOR_LOGIN_PATH } from '../../state/queries/two-factor';
import { keepAppealToken } from '../../state/queries/moderation';
import authStyles from './auth.module.css';
import styles from './one-tap.module.css';

/**
 * The landing's `oneTapLogin` form (R-000-auth-2): the accounts this browser saved, each with
 * "Continue as @name" and Remove, and a way to log in to another account.
 */
export function OneTapLogin({ accounts, onAnotherAccount }: { accounts: OneTapAccount[]; onAnotherAccount: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ text: string; attempt: number } | null>(null);
  // Every answer spends the nonces it was given: a landing read afresh carries new ones.
  const reload = () => queryClient.invalidateQueries({ queryKey: pageDataKey('/') });
  const fail = (text: string) => setError((e) => ({ text, attempt: (e?.attempt ?? 0) + 1 }));

  const continueAs = async (account: OneTapAccount) => {
    setBusy(account.user_id);
    setError(null);
    try {
      await continueAsSaved(account.user_id, account.login_nonce);
      // `/` shows the feed once the session is read.
      await refresh();
    } catch (err) {
      const body = (err instanceof ApiError ? err.body : null) as { two_factor_info?: TwoFactorInfo; error_type?: string; appeal_token?: string } | null;
      // As at login: a suspended account goes to the page where it may read why and appeal.
      if (body?.error_type === ACCOUNT_SUSPENDED_ERROR && body.appeal_token) {
        keepAppealToken(body.appeal_token);
        void navigate(SUSPENDED_PAGE_PATH);
        return;
      }
      if (body?.two_factor_info) {
        keepChallenge(body.two_factor_info);
        void navigate(TWO_FACTOR_LOGIN_PATH);
        return;
      }
      fail(translateServerMessage(body) ?? t('oneTap.landing.failed'));
      setBusy(null);
      await reload();
    }
  };

  const remove = async (account: OneTapAccount) => {
    setBusy(account.user_id);
    setError(null);
    try {
      await removeSavedLogin(account.user_id);
      await reload();
    } catch {
      fail(t('oneTap.landing.removeFailed'));
    }
    setBusy(null);
  };

  return (
    <>
      <section className={authStyles.card} aria-labelledby="one-tap-accounts-heading">
        <div className={authStyles.logo}>
          <Logo size="lg" />
        </div>
        <h2 id="one-tap-accounts-heading" className="visually-hidden">
          {t('oneTap.landing.heading')}
        </h2>
        <ul className={styles.accounts}>
          {accounts.map((account) => (
            <li key={account.user_id} className={styles.account}>
              <Avatar src={account.profile_pic_url} alt="" size={88} />
              <span className={styles.accountName}>{account.username}</span>
              <Button block busy={busy === account.user_id} disabled={busy !== null} onClick={() => void continueAs(account)}>
                {t('oneTap.landing.continue', { username: account.username })}
              </Button>
              <Button variant="link" className={styles.remove} disabled={busy !== null} aria-label={t('oneTap.landing.removeLabel', { username: account.username })} onClick={() => void remove(account)}>
                {t('oneTap.landing.remove')}
              </Button>
            </li>
          ))}
        </ul>
        {error ? (
          <p className={authStyles.formError} role="alert" data-submission-count={error.attempt}>
            {error.text}
          </p>
        ) : null}
        <hr className={styles.divider} />
        <Button variant="link" className={authStyles.forgot} onClick={onAnotherAccount}>
          {t('oneTap.landing.another')}
        </Button>
      </section>
      <p className={`${authStyles.card} ${authStyles.secondary}`}>
        {t('oneTap.landing.noAccount')} <Link to="/accounts/emailsignup/">{t('oneTap.landing.signUp')}</Link>
      </p>
    </>
  );
}

import { useEffect, useReducer, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_SUSPENDED_ERROR, CSRF_FORM_FIELD, oneTapUpsellPath, safeNext, SUSPENDED_PAGE_PATH, type CaptchaChallenge, type LoginFormError, type TwoFactorInfo } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { storePasswordCredential } from '../../lib/password-credentials';
import { useT } from '../../lib/i18n/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { useSession } from '../../state/session';
import { useToast } from '../../state/toast/toast-context';
import { Button, buttonClass } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { canSubmitLogin, initialLoginState, loginReducer } from './login-reducer';
import { logIn, postedLoginKey } from '../../state/queries/auth';
import { keepChallenge, TWO_FACTOR_LOGIN_PATH } from '../../state/queries/two-factor';
import { keepAppealToken } from '../../state/queries/moderation';
import { authFormReducer, loginRefusedEvent } from './auth-form-type';
import { CaptchaWidget } from './captcha-widget';
import { useLoginCaptcha } from './use-login-captcha';
import { translateServerMessage } from '../../lib/i18n/translate';
import styles from './auth.module.css';

interface LoginFailBody {
  message?: string;
  two_factor_info?: TwoFactorInfo;
  captcha_challenge?: CaptchaChallenge;
  code?: string;
  error_type?: string;
  appeal_token?: string;
}

/** Where the form posts when the browser sends it itself, before or without the app's script. */
function formAction(next: string | null): string {
  return next ? `/accounts/login/?${new URLSearchParams({ next }).toString()}` : '/accounts/login/';
}

/**
 * Spec 000 §4 "Login": on success, the one-tap upsell, which reads the session and moves on to `next`.
 * A real form too: posted by the browser (no script yet, or none at all), the service logs in and
 * redirects, or answers this page again with what was typed and why it was refused.
 */
export function LoginForm() {
  const t = useT();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [params] = useSearchParams();
  const { sharedData } = useSession();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const [state, dispatch] = useReducer(loginReducer, undefined, () => {
    const posted = queryClient.getQueryData<LoginFormError>(postedLoginKey);
    return posted ? { ...initialLoginState(posted.username), errorMessage: posted.message, submissionCount: 1 } : initialLoginState();
  });
  // The refusal belongs to the answer that carried it: the form shown again later starts empty.
  useEffect(() => queryClient.removeQueries({ queryKey: postedLoginKey }), [queryClient]);
  const [formType, dispatchForm] = useReducer(authFormReducer, 'login');
  // R-000-auth-6: the form moved to twoFactor shows the challenge screen.
  useEffect(() => {
    if (formType === 'twoFactor') void navigate(TWO_FACTOR_LOGIN_PATH);
  }, [formType, navigate]);

  const captcha = useLoginCaptcha();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmitLogin(state)) void submit(captcha.take());
  };

  const submit = async (captchaPayload: string | null) => {
    dispatch({ type: 'submit' });
    try {
      const result = await logIn(state.username.trim(), state.password, captchaPayload);
      if (!result.authenticated) {
        dispatch({ type: 'failure', message: result.message || t('login.genericError') });
        return;
      }
      // Spec 002 §4: the browser may save it, for the credential auto-login of later visits.
      storePasswordCredential(state.username.trim(), state.password);
      dispatch({ type: 'success' });
      // A login brings back a deactivated account, or cancels its deletion.
      if (result.reactivated) showToast({ text: t('leaving.welcomeBack') });
      // "Save your login info?" first; the upsell reads the new session and continues to `next`.
      void navigate(oneTapUpsellPath(safeNext(params.get('next'))), { replace: true });
    } catch (error) {
      const body = (error instanceof ApiError ? error.body : null) as LoginFailBody | null;
      // A suspended account's correct password: the suspension page, where the token lets them appeal.
      if (body?.error_type === ACCOUNT_SUSPENDED_ERROR && body.appeal_token) {
        keepAppealToken(body.appeal_token);
        dispatch({ type: 'failure', message: body.message ?? t('login.genericError') });
        void navigate(SUSPENDED_PAGE_PATH);
        return;
      }
      const next = loginRefusedEvent(body);
      if (next && body?.two_factor_info) {
        keepChallenge(body.two_factor_info);
        dispatch({ type: 'success' });
        dispatchForm(next);
        return;
      }
      if (next?.type === 'captchaRequired' && body?.captcha_challenge) {
        // R-000-auth-7: the form moves to captcha; a login refused unchecked (`code`) goes again once solved.
        captcha.required(body.captcha_challenge, body.code ? (payload) => void submit(payload) : undefined);
        dispatchForm(next);
        dispatch({ type: 'failure', message: translateServerMessage(body) ?? body.message ?? t('login.genericError') });
        return;
      }
      const serverMessage = error instanceof ApiError && error.status !== 0 && body?.message ? body.message : null;
      dispatch({ type: 'failure', message: serverMessage ?? t('login.genericError') });
    }
  };

  return (
    <form className={styles.form} method="post" action={formAction(params.get('next'))} onSubmit={onSubmit} noValidate>
      <input type="hidden" name={CSRF_FORM_FIELD} value={sharedData.config.csrf_token} />
      <TextField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        value={state.username}
        onChange={(event) => dispatch({ type: 'change', field: 'username', value: event.target.value })}
        required
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        revealable
        value={state.password}
        onChange={(event) => dispatch({ type: 'change', field: 'password', value: event.target.value })}
        required
      />
      {formType === 'captcha' ? <CaptchaWidget challenge={captcha.challenge} onSolved={captcha.solved} body={t('captcha.loginBody')} /> : null}
      <Button type="submit" block busy={state.requestInFlight} disabled={!canSubmitLogin(state)} className={styles.submit} data-app-submit="">
        {t('login.submit')}
      </Button>
      {/* Without script nothing would enable the button above: the browser posts the form with
          this one instead. A browser running script never parses it, and the app drops it. */}
      {hydrated ? null : (
        <noscript>
          <style>{'[data-app-submit]{display:none}'}</style>
          <button type="submit" className={`${buttonClass('primary', true)} ${styles.submit}`}>
            <span>{t('login.submit')}</span>
          </button>
        </noscript>
      )}
      {state.errorMessage ? (
        <p className={styles.formError} role="alert" data-submission-count={state.submissionCount}>
          {state.errorMessage}
        </p>
      ) : null}
      <Link className={styles.forgot} to="/accounts/password/reset/">
        {t('login.forgot')}
      </Link>
    </form>
  );
}

import { useReducer, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { canSubmitLogin, initialLoginState, loginReducer } from './login-reducer';
import { useSession } from '../../state/session';
import { logIn } from '../../state/queries/auth';
import styles from './auth.module.css';

interface LoginFailBody {
  message?: string;
  two_factor_required?: boolean;
}

/** Spec 000 §4 "Login": on success the shared data is refetched; the route guard then moves on. */
export function LoginForm() {
  const t = useT();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [state, dispatch] = useReducer(loginReducer, undefined, () => initialLoginState());

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitLogin(state)) return;
    dispatch({ type: 'submit' });
    try {
      const result = await logIn(state.username.trim(), state.password);
      if (!result.authenticated) {
        dispatch({ type: 'failure', message: result.message || t('login.genericError') });
        return;
      }
      dispatch({ type: 'success' });
      await refresh();
    } catch (error) {
      const body = (error instanceof ApiError ? error.body : null) as LoginFailBody | null;
      if (body?.two_factor_required) {
        dispatch({ type: 'success' });
        void navigate('/accounts/login/two_factor/');
        return;
      }
      const serverMessage = error instanceof ApiError && error.status !== 0 && body?.message ? body.message : null;
      dispatch({ type: 'failure', message: serverMessage ?? t('login.genericError') });
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
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
      <Button type="submit" block busy={state.requestInFlight} disabled={!canSubmitLogin(state)} className={styles.submit}>
        {t('login.submit')}
      </Button>
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

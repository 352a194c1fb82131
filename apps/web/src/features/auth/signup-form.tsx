import { useCallback, useEffect, useReducer, useRef, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, REGISTRATION_INTERSTITIAL_PATH, type FieldErrors, type SignupField } from '@shutter/contract';
import { ApiError, localizedFieldErrors } from '../../lib/api';
import { translateServerMessage } from '../../lib/i18n/translate';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { SignupTermsLine } from '../legal/legal-links';
import { SignupConsentCheck, useSignupConsent } from '../terms/signup-consent';
import { TextField } from '../../ui/text-field';
import { attemptSignup, signUp } from '../../state/queries/auth';
import { canSubmitSignup, initialSignupState, signupReducer, signupValues, visibleError, type SignupValues } from './signup-reducer';
import styles from './auth.module.css';
import { CaptchaWidget } from './captcha-widget';
import { useSignupCaptcha } from './use-signup-captcha';
import { AgeDialog } from './age-dialog';
import { birthdayChosen } from './birthday';
import { BirthdayFields } from './birthday-fields';
import { useBirthday } from './use-birthday';
import { UsernameSuggestions } from './username-suggestions';
import { useNavigate } from 'react-router';

export const DRY_RUN_DEBOUNCE_MS = 400;
/** Where a minor's signup waits for the parent's approval. */
export const PARENT_WAIT_PATH = '/accounts/signup/parentalConsent/';

const FIELDS: { field: SignupField; label: MessageId; type: string; autoComplete: string }[] = [
  { field: 'email', label: 'signup.email', type: 'email', autoComplete: 'email' },
  { field: 'first_name', label: 'signup.fullName', type: 'text', autoComplete: 'name' },
  { field: 'username', label: 'signup.username', type: 'text', autoComplete: 'username' },
  { field: 'password', label: 'signup.password', type: 'password', autoComplete: 'new-password' },
];

type FailBody = { errors?: FieldErrors; username_suggestions?: string[]; message?: string };

/** Spec 000 §4-5: dry runs on blur and while typing validate the fields; submit creates the account. */
export function SignupForm({ onFailed }: { onFailed?: () => void }) {
  const t = useT();
  const [state, dispatch] = useReducer(signupReducer, undefined, initialSignupState);
  const birthday = useBirthday();
  // The dry run is made once; it reads the birthday's latest state through this.
  const birthdayRef = useRef(birthday);
  birthdayRef.current = birthday;
  const navigate = useNavigate();
  const captcha = useSignupCaptcha();
  const consent = useSignupConsent();
  const stateRef = useRef(state);
  stateRef.current = state;
  const sequence = useRef(0);
  const lastSent = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const dryRun = useCallback(async () => {
    clearTimeout(timer.current);
    const values: SignupValues = signupValues(stateRef.current);
    const key = JSON.stringify([values, birthdayRef.current.fields()]);
    if (key === lastSent.current || Object.values(values).every((v) => !v.trim())) return;
    lastSent.current = key;
    const id = ++sequence.current;
    try {
      const result = await attemptSignup({ ...values, ...birthdayRef.current.fields() });
      if (id !== sequence.current) return;
      birthdayRef.current.takeErrors(result, false);
      const errors = result.dryrun_passed ? {} : (localizedFieldErrors(result) as FieldErrors);
      dispatch({ type: 'dryRunResult', values, errors, suggestions: result.username_suggestions ?? [] });
    } catch (error) {
      const body = (error instanceof ApiError ? error.body : null) as FailBody | null;
      if (id !== sequence.current) return;
      birthdayRef.current.takeErrors(body, false);
      if (body?.errors) dispatch({ type: 'dryRunResult', values, errors: localizedFieldErrors(body) as FieldErrors, suggestions: body.username_suggestions ?? [] });
      else lastSent.current = '';
    }
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitSignup(state) || !birthdayChosen(birthday.value)) return;
    clearTimeout(timer.current);
    sequence.current += 1;
    dispatch({ type: 'submit' });
    try {
      const fields = birthday.fields();
      const result = await signUp({ ...signupValues(state), ...fields, ...captcha.fields(), ...consent.fields() });
      if (!result.account_created) throw new ApiError(400, result, translateServerMessage(result) ?? result.message);
      dispatch({ type: 'submitSucceeded' });
      if (result.parental_consent_required) {
        void navigate(PARENT_WAIT_PATH, { state: { parentEmail: fields.parent_email } });
        return;
      }
      // The new account's first steps; the page reads the new session.
      void navigate(REGISTRATION_INTERSTITIAL_PATH, { replace: true });
    } catch (error) {
      const body = (error instanceof ApiError ? error.body : null) as FailBody | null;
      captcha.spent(body);
      const message = error instanceof ApiError && error.status !== 0 && body?.message ? error.message : t('signup.genericError');
      birthday.takeErrors(body, true);
      dispatch({ type: 'submitFailed', errors: localizedFieldErrors(body) as FieldErrors, suggestions: body?.username_suggestions ?? [], message });
      onFailed?.();
    }
  };

  const username = state.fields.username;
  const showSuggestions = state.usernameSuggestions.length > 0 && !!visibleError(username);
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {FIELDS.map(({ field, label, type, autoComplete }) => {
        const current = state.fields[field];
        return (
          <TextField
            key={field}
            label={t(label)}
            name={field}
            type={type}
            autoComplete={autoComplete}
            autoCapitalize={field === 'first_name' ? 'words' : 'off'}
            spellCheck={false}
            revealable={type === 'password'}
            value={current.value}
            error={visibleError(current)}
            valid={current.validated}
            hint={field === 'password' ? t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH }) : undefined}
            onFocus={() => dispatch({ type: 'focus', field })}
            onBlur={() => {
              dispatch({ type: 'blur', field });
              void dryRun();
            }}
            onChange={(event) => {
              dispatch({ type: 'change', field, value: event.target.value });
              clearTimeout(timer.current);
              timer.current = setTimeout(() => void dryRun(), DRY_RUN_DEBOUNCE_MS);
            }}
            required
          />
        );
      })}
      {showSuggestions ? (
        <UsernameSuggestions
          suggestions={state.usernameSuggestions}
          onPick={(suggestion) => {
            dispatch({ type: 'pickSuggestion', username: suggestion });
            setTimeout(() => void dryRun(), 0);
          }}
        />
      ) : null}
      <BirthdayFields value={birthday.value} onChange={birthday.change} onSettled={() => void dryRun()} errors={birthday.errors} consentAge={birthday.consentAge} />
      <SignupTermsLine className={styles.terms} />
      <SignupConsentCheck consent={consent} />
      {captcha.shown ? <CaptchaWidget key={captcha.round} {...captcha.widget} body={t('captcha.signupBody')} /> : null}
      <Button type="submit" block busy={state.submitting} disabled={!canSubmitSignup(state) || !birthdayChosen(birthday.value) || !captcha.ready || !consent.ready} className={styles.submit}>
        {t('signup.submit')}
      </Button>
      {state.formError ? (
        <p className={styles.formError} role="alert">
          {state.formError}
        </p>
      ) : null}
      <AgeDialog open={birthday.tooYoung} onClose={birthday.closeTooYoung} />
    </form>
  );
}

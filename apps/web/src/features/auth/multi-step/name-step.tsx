import { PASSWORD_MIN_LENGTH } from '@shutter/contract';
import { useT } from '../../../lib/i18n/i18n';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import type { StepProps } from './step-props';
import { UsernameSuggestions } from '../username-suggestions';
import { StepForm } from './step-form';
import styles from '../auth.module.css';

/** Name, username and password; the service's dry run checks them before the birthday. */
export function NameStep({ draft, update, go, check }: StepProps) {
  const t = useT();
  const next = async () => {
    if (await check.check('nameAndPassword', draft)) go('birthday');
  };
  return (
    <StepForm onSubmit={next}>
      <TextField label={t('signup.fullName')} name="first_name" autoComplete="name" autoCapitalize="words" value={draft.first_name} onChange={(event) => update({ first_name: event.target.value })} />
      <TextField
        label={t('signup.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        value={draft.username}
        onChange={(event) => update({ username: event.target.value })}
        required
      />
      <TextField
        label={t('signup.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        revealable
        hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        value={draft.password}
        onChange={(event) => update({ password: event.target.value })}
        required
      />
      {check.error ? (
        <p className={styles.formError} role="alert">
          {check.error}
        </p>
      ) : null}
      <UsernameSuggestions suggestions={check.suggestions} onPick={(username) => update({ username })} />
      <Button type="submit" block busy={check.busy} disabled={!draft.username.trim() || !draft.password} className={styles.submit}>
        {t('steps.next')}
      </Button>
    </StepForm>
  );
}

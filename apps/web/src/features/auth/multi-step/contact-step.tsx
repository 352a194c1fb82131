import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n/i18n';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { sendSignupCode } from '../../../state/queries/signup';
import type { StepProps } from './step-props';
import { stepPath } from './steps';
import { StepForm } from './step-form';
import styles from '../auth.module.css';

/** The first step: a phone number (the default) or an email address, with a switch between them. */
export function ContactStep({ draft, update, go, check }: StepProps) {
  const t = useT();
  const phone = draft.contactPointType === 'phone';

  const next = async () => {
    if (!phone) {
      if (await check.check('email', draft)) go('nameAndPassword');
      return;
    }
    check.setBusy(true);
    check.setError(null);
    try {
      const sent = await sendSignupCode(draft.phone_number.trim());
      update({ phone_number: sent.phone_number, codeSends: draft.codeSends + 1, codeVerified: false, sms_code: '' });
      go('confirmationCode');
    } catch (error) {
      // Spec 000: a phone signup's code request failure shows the server's message.
      check.setError(error instanceof ApiError && error.status !== 0 ? error.message : t('signup.genericError'));
    } finally {
      check.setBusy(false);
    }
  };

  return (
    <StepForm onSubmit={next}>
      {phone ? (
        <TextField
          key="phone"
          label={t('steps.phone')}
          name="phone_number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={draft.phone_number}
          hint={t('steps.phoneHint')}
          error={check.error}
          onChange={(event) => update({ phone_number: event.target.value })}
          required
        />
      ) : (
        <TextField
          key="email"
          label={t('signup.email')}
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          value={draft.email}
          error={check.error}
          onChange={(event) => update({ email: event.target.value })}
          required
        />
      )}
      <Button type="submit" block busy={check.busy} disabled={!(phone ? draft.phone_number : draft.email).trim()} className={styles.submit}>
        {t('steps.next')}
      </Button>
      <Link
        className={styles.forgot}
        to={stepPath(phone ? 'email' : 'phone')}
        replace
        onClick={() => check.setError(null)}
      >
        {phone ? t('steps.useEmail') : t('steps.usePhone')}
      </Link>
    </StepForm>
  );
}

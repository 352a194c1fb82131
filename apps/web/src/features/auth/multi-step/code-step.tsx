import { PHONE_CODE_LENGTH } from '@shutter/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n/i18n';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { sendSignupCode, verifySignupCode } from '../../../state/queries/signup';
import type { StepProps } from './step-props';
import { StepForm } from './step-form';
import styles from '../auth.module.css';

/** Spec 000 "Phone signup": step enterCode; the code is verified, or sent again. */
export function CodeStep({ draft, update, go, check }: StepProps) {
  const t = useT();
  const [resending, setResending] = useState(false);
  const serverMessage = (error: unknown) => (error instanceof ApiError && error.status !== 0 ? error.message : t('signup.genericError'));

  const verify = async () => {
    check.setBusy(true);
    check.setError(null);
    try {
      await verifySignupCode(draft.phone_number, draft.sms_code);
      update({ codeVerified: true });
      go('nameAndPassword');
    } catch (error) {
      check.setError(serverMessage(error));
    } finally {
      check.setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    check.setError(null);
    try {
      await sendSignupCode(draft.phone_number);
      update({ codeSends: draft.codeSends + 1, sms_code: '' });
    } catch (error) {
      check.setError(serverMessage(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <StepForm onSubmit={verify}>
      <p className={styles.body} role="status">
        {draft.codeSends > 1 ? t('steps.codeResent', { phone: draft.phone_number }) : t('steps.codeSent', { phone: draft.phone_number })}
      </p>
      <TextField
        label={t('steps.code')}
        name="sms_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={PHONE_CODE_LENGTH + 2}
        value={draft.sms_code}
        error={check.error}
        onChange={(event) => update({ sms_code: event.target.value })}
        required
      />
      <Button type="submit" block busy={check.busy} disabled={draft.sms_code.replace(/\s/g, '').length < PHONE_CODE_LENGTH} className={styles.submit}>
        {t('steps.next')}
      </Button>
      <div className={styles.stepLinks}>
        <Button variant="link" busy={resending} onClick={() => void resend()}>
          {t('steps.resend')}
        </Button>
        <Button variant="link" onClick={() => go('phone')}>
          {t('steps.changeNumber')}
        </Button>
      </div>
    </StepForm>
  );
}

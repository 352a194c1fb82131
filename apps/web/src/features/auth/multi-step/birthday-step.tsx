import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { REGISTRATION_INTERSTITIAL_PATH } from '@shutter/contract';
import { ApiError, localizedFieldErrors } from '../../../lib/api';
import { useT } from '../../../lib/i18n/i18n';
import { Button } from '../../../ui/button';
import { signUp } from '../../../state/queries/auth';
import { SignupTermsLine } from '../../legal/legal-links';
import { SignupConsentCheck, useSignupConsent } from '../../terms/signup-consent';
import { AgeDialog } from '../age-dialog';
import { birthdayChosen } from '../birthday';
import { BirthdayFields } from '../birthday-fields';
import { useBirthday } from '../use-birthday';
import type { StepProps } from './step-props';
import { draftFields, firstError, initialDraft, STEP_FIELDS, stepOfErrors } from './steps';
import { StepForm } from './step-form';
import styles from '../auth.module.css';

/** The last step: the birthday (and a parent's email under the consent age); it makes the account. */
export function BirthdayStep({ draft, update, go, check }: StepProps) {
  const t = useT();
  const navigate = useNavigate();
  const made = useRef(false);
  const dropDraft = useRef(() => update(initialDraft(draft.contactPointType)));
  dropDraft.current = () => update(initialDraft(draft.contactPointType));
  useEffect(() => () => {
    if (made.current) dropDraft.current();
  }, []);
  const birthday = useBirthday(draft.birthday);
  const consent = useSignupConsent();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    check.setError(null);
    const fields = birthday.fields();
    try {
      const result = await signUp({ ...draftFields(draft), ...fields, ...consent.fields() });
      if (!result.account_created) throw new ApiError(400, result, result.message);
      if (result.parental_consent_required) {
        // The waiting screen drops the draft once it shows.
        go('parentalConsent', { parentEmail: fields.parent_email });
        return;
      }
      // The account is made: its first steps read the new session. The draft (and its password)
      // is dropped once this step has left the screen; dropped now, the step would go back to the first.
      made.current = true;
      void navigate(REGISTRATION_INTERSTITIAL_PATH, { replace: true });
    } catch (error) {
      const errors = error instanceof ApiError ? localizedFieldErrors(error.body) : {};
      birthday.takeErrors(error instanceof ApiError ? error.body : null, true);
      const owner = stepOfErrors(errors, draft.contactPointType);
      if (owner && owner !== 'birthday') {
        // Something an earlier step gave is refused now (a username taken meanwhile): back there.
        go(owner);
        check.setError(firstError(errors, STEP_FIELDS[owner]));
      } else if (!owner) {
        // Spec 000: a failure that is no field's shows the generic dialog.
        check.showGeneric();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepForm onSubmit={submit}>
      <BirthdayFields value={birthday.value} onChange={birthday.change} errors={birthday.errors} consentAge={birthday.consentAge} />
      {check.error ? (
        <p className={styles.formError} role="alert">
          {check.error}
        </p>
      ) : null}
      <SignupTermsLine className={styles.terms} />
      <SignupConsentCheck consent={consent} />
      <Button type="submit" block busy={busy} disabled={!birthdayChosen(birthday.value) || !consent.ready} className={styles.submit}>
        {t('steps.signUp')}
      </Button>
      <AgeDialog open={birthday.tooYoung} onClose={birthday.closeTooYoung} />
    </StepForm>
  );
}

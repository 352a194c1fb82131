import { useRef, useState } from 'react';
import { localizedFieldErrors } from '../../lib/api';
import { useSignupSettings } from '../../state/queries/signup';
import { birthdayChosen, birthdayFields, emptyBirthday, type BirthdayValues } from './birthday';

type BirthdayErrors = { birthday?: string | null; parent_email?: string | null };

const firstCode = (body: unknown, field: string): string | undefined => {
  const codes = (body as { error_codes?: Record<string, { code?: string }[]> } | null)?.error_codes;
  return codes?.[field]?.[0]?.code;
};

/**
 * The birthday's state beside a signup form: its values, the service's errors for it (shown once
 * the date is chosen, or after a submit), and the age dialog (spec 000: an age failure can show a
 * dialog with a title, a message and a confirmation).
 */
export function useBirthday(initial?: BirthdayValues) {
  const consentAge = useSignupSettings()?.parental_consent_age ?? null;
  const [value, setValue] = useState<BirthdayValues>(() => initial ?? emptyBirthday());
  const ref = useRef(value);
  ref.current = value;
  // Read by callbacks made once (the form's dry run): the settings may arrive after them.
  const consentRef = useRef(consentAge);
  consentRef.current = consentAge;
  const [errors, setErrors] = useState<BirthdayErrors>({});
  const [tooYoung, setTooYoung] = useState(false);

  return {
    value,
    consentAge,
    errors,
    tooYoung,
    closeTooYoung: () => setTooYoung(false),
    change(next: BirthdayValues) {
      setValue(next);
      setErrors({});
    },
    /** What the signup sends for the birthday step. */
    fields: () => birthdayFields(ref.current, consentRef.current),
    /** Takes the birthday's errors from a dry run or a refused signup. */
    takeErrors(body: unknown, submitted: boolean) {
      const localized = localizedFieldErrors(body);
      const chosen = birthdayChosen(ref.current);
      setErrors({
        birthday: submitted || chosen ? localized.birthday?.[0] ?? null : null,
        parent_email: submitted || ref.current.parent_email ? localized.parent_email?.[0] ?? null : null,
      });
      if (submitted && firstCode(body, 'birthday') === 'age_too_young') setTooYoung(true);
    },
  };
}

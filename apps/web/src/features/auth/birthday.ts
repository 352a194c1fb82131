import { MIN_SIGNUP_AGE } from '@shutter/contract';

/** The birthday step's values, sent with the signup as the service names them. */
export interface BirthdayValues {
  month: string;
  day: string;
  year: string;
  parent_email: string;
}

export const emptyBirthday = (): BirthdayValues => ({ month: '', day: '', year: '', parent_email: '' });

export const birthdayChosen = (b: BirthdayValues) => b.month !== '' && b.day !== '' && b.year !== '';

/** Whole years on `today`; null until a real date is chosen (the service checks again). */
export function ageOf(b: BirthdayValues, today = new Date()): number | null {
  if (!birthdayChosen(b)) return null;
  const [y, m, d] = [Number(b.year), Number(b.month), Number(b.day)];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  const before = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (before ? 1 : 0);
}

/** Under the operator's consent age (and old enough to sign up at all): a parent's email is asked. */
export function needsParent(b: BirthdayValues, consentAge: number | null | undefined): boolean {
  const age = ageOf(b);
  return consentAge != null && age !== null && age >= MIN_SIGNUP_AGE && age < consentAge;
}

/** What is sent: the parent's email only when one is asked. */
export function birthdayFields(b: BirthdayValues, consentAge: number | null | undefined): BirthdayValues {
  return needsParent(b, consentAge) ? b : { ...b, parent_email: '' };
}

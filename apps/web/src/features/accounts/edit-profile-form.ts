import { BIOGRAPHY_MAX_LENGTH } from '@shutter/contract';

/** The edit form's fields, as `GET /accounts/edit/?__a=1` sends them and the POST takes them. */
export interface ProfileFormData {
  first_name: string;
  username: string;
  biography: string;
  external_url: string;
  email: string;
  phone_number: string;
  gender: number;
  custom_gender: string;
  chaining_enabled: boolean;
}

/** Spec 000 §3 (R-000-signup-14): 1 male, 2 female, 3 unspecified, 4 custom with its own text. */
export const GENDERS = [1, 2, 3, 4] as const;
export type Gender = (typeof GENDERS)[number];
export const DEFAULT_GENDER: Gender = 3;
export const CUSTOM_GENDER: Gender = 4;
export const BIO_LIMIT = BIOGRAPHY_MAX_LENGTH;

/** Anything the server sends outside 1..4 falls back to "prefer not to say" (R-000-signup-15). */
export function normalizeGender(value: unknown): Gender {
  const n = Number(value);
  return (GENDERS as readonly number[]).includes(n) ? (n as Gender) : DEFAULT_GENDER;
}

export function emptyProfileForm(): ProfileFormData {
  return { first_name: '', username: '', biography: '', external_url: '', email: '', phone_number: '', gender: DEFAULT_GENDER, custom_gender: '', chaining_enabled: true };
}

/** A new email (not only another case of the saved one): the server then asks for the current password. */
export function emailChanged(form: ProfileFormData, savedEmail: string): boolean {
  return form.email.trim().toLowerCase() !== savedEmail.trim().toLowerCase();
}

/**
 * The POST body (chaining_enabled as "true"/"false"): the custom text is sent only with the
 * custom gender, the current password only with a new email.
 */
export function profileFormFields(form: ProfileFormData, savedEmail = form.email, password = ''): Record<string, string | number | boolean> {
  const gender = normalizeGender(form.gender);
  const fields = { ...form, gender, custom_gender: gender === CUSTOM_GENDER ? form.custom_gender.trim() : '' };
  return emailChanged(form, savedEmail) ? { ...fields, password } : fields;
}

import { MIN_SIGNUP_AGE, type SignupBody } from '@shutter/contract';
import { z } from 'zod';
import type { FieldProblems } from '../../platform/field-errors.js';

const emailSchema = z.email();
const OLDEST_AGE = 120;

/** The three numbers as a real calendar date (no 31 February), as YYYY-MM-DD; null when not one. */
export function birthdayText(body: Pick<SignupBody, 'year' | 'month' | 'day'>): string | null {
  const [y, m, d] = [body.year, body.month, body.day].map((v) => v.trim());
  if (!/^\d{4}$/.test(y!) || !/^\d{1,2}$/.test(m!) || !/^\d{1,2}$/.test(d!)) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null;
  return date.toISOString().slice(0, 10);
}

/** Whole years from a YYYY-MM-DD birthday to `today` (a birthday on 29 February comes on 1 March). */
export function ageOn(birthday: string, today: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - y;
  const before = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return before ? age - 1 : age;
}

export interface AgeRules {
  /** The operator's PARENTAL_CONSENT_AGE: below it a parent approves; absent, nobody needs one. */
  consentAge?: number;
  now?: () => Date;
}

export interface AgeCheck {
  birthday: string | null;
  /** Under the consent age: the account waits for the parent at `parentEmail`. */
  parentEmail: string | null;
}

/**
 * The birthday step's rules, added to the other fields' problems. A birthday is required once the
 * operator asks for parental consent (without one, anyone could skip it); otherwise it is
 * optional, and checked when given. Nobody under MIN_SIGNUP_AGE signs up.
 */
export function checkAge(body: SignupBody, rules: AgeRules, problems: FieldProblems): AgeCheck {
  const given = [body.year, body.month, body.day].some((v) => v.trim() !== '');
  const none: AgeCheck = { birthday: null, parentEmail: null };
  if (!given) {
    if (rules.consentAge) problems.add('birthday', 'birthday_required');
    return none;
  }
  const birthday = birthdayText(body);
  const now = (rules.now ?? (() => new Date()))();
  const age = birthday ? ageOn(birthday, now) : -1;
  if (!birthday || age < 0 || age > OLDEST_AGE) {
    problems.add('birthday', 'birthday_invalid');
    return none;
  }
  if (age < MIN_SIGNUP_AGE) {
    problems.add('birthday', 'age_too_young', { min: MIN_SIGNUP_AGE });
    return none;
  }
  if (!rules.consentAge || age >= rules.consentAge) return { birthday, parentEmail: null };
  const parentEmail = body.parent_email.trim();
  if (!parentEmail) problems.add('parent_email', 'parent_email_required');
  else if (!emailSchema.safeParse(parentEmail).success) problems.add('parent_email', 'email_invalid');
  else if (parentEmail.toLowerCase() === body.email.trim().toLowerCase()) problems.add('parent_email', 'parent_email_own');
  return { birthday, parentEmail };
}

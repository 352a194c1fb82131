import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, MESSAGE_LIMITS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, RESERVED_SEGMENTS,
  USERNAME_MAX_LENGTH, normalizePhoneNumber, type CodedMessage, type SignupBody,
} from '@shutter/contract';
import { fieldProblems, type FieldProblems } from '../../platform/field-errors.js';
import { isCommonPassword } from '../../platform/passwords.js';

const emailSchema = z.email().max(EMAIL_MAX_LENGTH);

export function usernameProblem(username: string): CodedMessage | null {
  if (username.length === 0) return { code: 'username_empty' };
  if (username.length > USERNAME_MAX_LENGTH) return { code: 'username_length', params: MESSAGE_LIMITS.username_length };
  if (!/^[A-Za-z0-9._]+$/.test(username)) return { code: 'username_chars' };
  if (username.startsWith('.') || username.endsWith('.')) return { code: 'username_period_edge' };
  if (username.includes('..')) return { code: 'username_periods' };
  if (RESERVED_SEGMENTS.has(username.toLowerCase())) return { code: 'username_taken' };
  return null;
}

/** The rules of a new password: its length, not among the most common, not the account's own username or email. */
export function passwordProblem(password: string, account: { username?: string; email?: string } = {}): CodedMessage | null {
  if (password.length < PASSWORD_MIN_LENGTH) return { code: 'password_short', params: MESSAGE_LIMITS.password_short };
  if (password.length > PASSWORD_MAX_LENGTH) return { code: 'password_long', params: MESSAGE_LIMITS.password_long };
  const lower = password.toLowerCase();
  const own = [account.username, account.email].some((v) => v && v.trim().toLowerCase() === lower);
  if (own || isCommonPassword(password)) return { code: 'password_common' };
  return null;
}

/** The rules that need no database: format and length of each field. */
export function checkSignupFormat(body: SignupBody): FieldProblems {
  const problems = fieldProblems();
  const email = body.email.trim();
  // A phone signup gives a number instead of an email (its code is checked at the signup itself).
  if (body.phone_number.trim()) {
    if (!normalizePhoneNumber(body.phone_number)) problems.add('phone_number', 'phone_format');
  } else if (!emailSchema.safeParse(email).success) problems.add('email', 'email_invalid');
  const u = usernameProblem(body.username.trim());
  if (u) problems.add('username', u);
  const p = passwordProblem(body.password, { username: body.username, email: body.email });
  if (p) problems.add('password', p);
  if (body.first_name.trim().length > FULL_NAME_MAX_LENGTH) problems.add('first_name', 'full_name_long', MESSAGE_LIMITS.full_name_long);
  return problems;
}

/** Candidate usernames built from what the person typed, most natural first. */
export function usernameCandidates(body: Pick<SignupBody, 'username' | 'first_name' | 'email'>, random: () => number = Math.random): string[] {
  const clean = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9._]/g, '').replace(/\.{2,}/g, '.').replace(/^\.+|\.+$/g, '');
  const bases = new Set<string>();
  const fromName = body.first_name.trim().split(/\s+/).map(clean).filter(Boolean);
  for (const b of [clean(body.username), fromName.join('.'), fromName.join('_'), fromName.join(''), clean(body.email.split('@')[0] ?? '')]) {
    if (b.length >= 2) bases.add(b.slice(0, USERNAME_MAX_LENGTH - 4));
  }
  const out: string[] = [];
  for (const base of bases) {
    out.push(base, `${base}_`, `${base}${Math.floor(random() * 90 + 10)}`, `${base}.${Math.floor(random() * 900 + 100)}`, `_${base}`);
  }
  return [...new Set(out)].filter((c) => usernameProblem(c) === null);
}

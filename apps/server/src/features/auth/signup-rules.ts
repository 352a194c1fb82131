import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, RESERVED_SEGMENTS,
  USERNAME_MAX_LENGTH, type FieldErrors, type SignupBody,
} from '@shutter/contract';
import { isCommonPassword } from '../../platform/passwords.js';

export const MESSAGES = {
  emailInvalid: 'Enter a valid email address.',
  emailTaken: 'Another account is using the same email.',
  usernameEmpty: 'Enter a username.',
  usernameChars: 'Usernames can only use letters, numbers, underscores and periods.',
  usernameLength: `Enter a username of ${USERNAME_MAX_LENGTH} characters or fewer.`,
  usernamePeriodEdge: "You can't start or end a username with a period.",
  usernamePeriods: "Usernames can't have more than one period in a row.",
  usernameTaken: "This username isn't available. Please try another.",
  passwordShort: `Create a password at least ${PASSWORD_MIN_LENGTH} characters long.`,
  passwordLong: `Enter a password of ${PASSWORD_MAX_LENGTH} characters or fewer.`,
  passwordCommon: 'This password is too easy to guess. Please create a new one.',
  fullNameLong: `Enter a name of ${FULL_NAME_MAX_LENGTH} characters or fewer.`,
  generic: 'Check the highlighted fields and try again.',
} as const;

const emailSchema = z.email().max(EMAIL_MAX_LENGTH);

export function usernameProblem(username: string): string | null {
  if (username.length === 0) return MESSAGES.usernameEmpty;
  if (username.length > USERNAME_MAX_LENGTH) return MESSAGES.usernameLength;
  if (!/^[A-Za-z0-9._]+$/.test(username)) return MESSAGES.usernameChars;
  if (username.startsWith('.') || username.endsWith('.')) return MESSAGES.usernamePeriodEdge;
  if (username.includes('..')) return MESSAGES.usernamePeriods;
  if (RESERVED_SEGMENTS.has(username.toLowerCase())) return MESSAGES.usernameTaken;
  return null;
}

/** The rules of a new password: its length, not among the most common, not the account's own username or email. */
export function passwordProblem(password: string, account: { username?: string; email?: string } = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordShort;
  if (password.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordLong;
  const lower = password.toLowerCase();
  const own = [account.username, account.email].some((v) => v && v.trim().toLowerCase() === lower);
  if (own || isCommonPassword(password)) return MESSAGES.passwordCommon;
  return null;
}

/** The rules that need no database: format and length of each field. */
export function checkSignupFormat(body: SignupBody): FieldErrors {
  const errors: FieldErrors = {};
  const email = body.email.trim();
  if (!emailSchema.safeParse(email).success) errors.email = [MESSAGES.emailInvalid];
  const u = usernameProblem(body.username.trim());
  if (u) errors.username = [u];
  const p = passwordProblem(body.password, { username: body.username, email: body.email });
  if (p) errors.password = [p];
  if (body.first_name.trim().length > FULL_NAME_MAX_LENGTH) errors.first_name = [MESSAGES.fullNameLong];
  return errors;
}

/** Candidate usernames built from what the person typed, most natural first. */
export function usernameCandidates(body: SignupBody, random: () => number = Math.random): string[] {
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

import { z } from 'zod';
import { BIOGRAPHY_MAX_LENGTH, CUSTOM_GENDER_MAX_LENGTH, FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, type MessageCode } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { isUniqueViolation, notFound } from '../../platform/errors.js';
import type { Outbox } from '../../platform/outbox.js';
import { verifyPassword } from '../../platform/passwords.js';
import { limited, type Pace } from '../../platform/rate-limits.js';
import { processAvatar } from '../../platform/media/index.js';
import { profilePicUrls } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import { randomToken } from '../../platform/tokens.js';
import { usernameProblem } from '../auth/signup-rules.js';
import { createPostsRepository } from '../posts/repository.js';
import { fieldError, fieldProblems, type FieldProblems } from '../../platform/field-errors.js';
import { createAccountsRepository } from './repository.js';
import type { EmailConfirmation } from './email-confirmation.js';
import type { UserSummaries } from './user-summaries.js';
import { normalizeWebsite } from './website.js';


/** The edit form; every field arrives as text (a form post) and is checked per field below. */
export const editProfileBody = z.object({
  first_name: z.string().max(200).default(''),
  username: z.string().max(200),
  biography: z.string().max(2000).default(''),
  external_url: z.string().max(2000).default(''),
  email: z.string().max(500),
  phone_number: z.string().max(100).default(''),
  gender: z.coerce.number().int().catch(0).default(3),
  custom_gender: z.string().max(200).default(''),
  chaining_enabled: z.union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0', ''])]).transform((v) => v === true || v === 'true' || v === 'on' || v === '1').default(true),
  /** The current password: needed only when the email changes. */
  password: z.string().max(PASSWORD_MAX_LENGTH * 2).default(''),
});
type EditProfileBody = z.infer<typeof editProfileBody>;

/** The gender dialog saves on its own, as soon as the person chooses (spec 002 `setGender`). */
export const setGenderBody = editProfileBody.pick({ gender: true, custom_gender: true });
type SetGenderBody = z.infer<typeof setGenderBody>;

function genderProblems(body: SetGenderBody, problems: FieldProblems): void {
  if (![1, 2, 3, 4].includes(body.gender)) problems.add('gender', 'gender_choose');
  if (body.gender === 4 && !body.custom_gender.trim()) problems.add('custom_gender', 'gender_custom_empty');
  if (body.custom_gender.length > CUSTOM_GENDER_MAX_LENGTH) problems.add('custom_gender', 'gender_custom_long', { max: CUSTOM_GENDER_MAX_LENGTH });
}

const emailSchema = z.email();


/** `n•••@example.org`: enough for the owner to recognise an address, not to read it. */
const maskEmail = (email: string) => email.replace(/^(.)[^@]*@/, '$1•••@');

export interface ProfileEditDeps {
  db: Db;
  storage: Storage;
  outbox: Outbox;
  /** Told of every change to a name or picture, once it committed. */
  userSummaries: Pick<UserSummaries, 'forget'>;
  /** Told of a change to a username or name, once it committed (people search re-reads the account). */
  namesChanged?: (userId: string) => Promise<void>;
  /** Where emailed links point. */
  publicUrl: string;
  /** Checks of the current password, limited per account (shared with the password change). */
  passwordPace: (accountKey: string) => Promise<Pace>;
  /** Sends a new address its confirmation link. */
  emailConfirmation: Pick<EmailConfirmation, 'send'>;
}

/** `emailOptional`: an account made with a phone number keeps no email until it adds one. */
function fieldErrors(body: EditProfileBody, { emailOptional }: { emailOptional: boolean }): FieldProblems {
  const problems = fieldProblems();
  const username = usernameProblem(body.username.trim());
  if (username) problems.add('username', username);
  const email = body.email.trim();
  if (!(emailOptional && email === '') && !emailSchema.safeParse(email).success) problems.add('email', 'email_invalid');
  if (body.first_name.trim().length > FULL_NAME_MAX_LENGTH) problems.add('first_name', 'full_name_long', { max: FULL_NAME_MAX_LENGTH });
  if (body.biography.length > BIOGRAPHY_MAX_LENGTH) problems.add('biography', 'bio_long', { max: BIOGRAPHY_MAX_LENGTH });
  if (body.external_url.trim() && !normalizeWebsite(body.external_url)) problems.add('external_url', 'website_invalid');
  if (body.phone_number && !/^\+?[0-9 ()-]{6,20}$/.test(body.phone_number.trim())) problems.add('phone_number', 'phone_invalid');
  genderProblems(body, problems);
  return problems;
}

/** The edit-profile form and the profile picture (change and remove). */
export function createProfileEdit({ db, storage, outbox, userSummaries, namesChanged, publicUrl, passwordPace, emailConfirmation }: ProfileEditDeps) {
  const accounts = createAccountsRepository(db);
  const posts = createPostsRepository(db);

  /**
   * A new email needs the current password: a stolen session alone must not be able to move the
   * account to another address and then reset its password there.
   */
  async function emailChangeProblem(userId: string, passwordHash: string, password: string): Promise<MessageCode | null> {
    if (!password) return 'email_change_needs_password';
    const pace = await passwordPace(`user:${userId}`);
    if (!pace.allowed) throw limited(pace.retryInMs);
    return (await verifyPassword(passwordHash, password)) ? null : 'password_wrong';
  }

  return {
    async form(userId: string) {
      const u = await account(userId);
      return {
        first_name: u.full_name, username: u.username, biography: u.biography, external_url: u.external_url ?? '', email: u.email,
        phone_number: u.phone_number ?? '', gender: u.gender, custom_gender: u.custom_gender ?? '', chaining_enabled: u.chaining_enabled,
        is_email_confirmed: u.email_confirmed_at !== null, is_phone_confirmed: u.phone_number !== null && u.phone_confirmed_at !== null,
      };
    },

    async save(userId: string, body: EditProfileBody): Promise<void> {
      const current = await account(userId);
      const errors = fieldErrors(body, { emailOptional: current.email_lower === null && current.phone_confirmed_at !== null });
      const username = body.username.trim();
      const email = body.email.trim();
      const emailChanges = (email.toLowerCase() || null) !== current.email_lower;
      const phone = body.phone_number.trim() || null;
      if (!errors.has('username')) {
        if ((await accounts.usernamesTaken([username], userId)).size > 0) errors.add('username', 'username_taken');
      }
      // Whether another account has the address is told only after the right password, and each
      // ask spends one of the account's password checks: the form cannot list who has an account.
      if (emailChanges && !errors.has('email')) {
        const problem = await emailChangeProblem(userId, current.password_hash, body.password);
        if (problem) errors.add('password', problem);
        else if (await accounts.emailTaken(email, userId)) errors.add('email', 'email_taken');
      }
      if (!errors.empty) throw errors.toError();
      try {
        await accounts.updateProfile(userId, {
          full_name: body.first_name.trim(), username, email,
          biography: body.biography, external_url: normalizeWebsite(body.external_url),
          phone_number: phone, gender: body.gender, custom_gender: body.gender === 4 ? body.custom_gender.trim() : null,
          chaining_enabled: body.chaining_enabled,
          ...(emailChanges ? { email_confirmed_at: null } : {}),
          ...(phone !== current.phone_number ? { phone_confirmed_at: null } : {}),
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        throw fieldError('username', 'username_taken');
      }
      await userSummaries.forget(userId);
      await namesChanged?.(userId);
      if (emailChanges) {
        await outbox.send({
          channel: 'email',
          recipient: current.email,
          subject: 'The email address of your Shutter account was changed',
          body: `Hi ${current.username},\n\nThe email address of your Shutter account was changed from this address to ${maskEmail(email)}. If you did this, there is nothing more to do.\n\nIf you didn't, someone has your password: change it at ${publicUrl}/accounts/password/change/ and end the sessions you don't recognise at ${publicUrl}/session/login_activity/, or reply to this email and we will help you get your account back.`,
        }, { userId, kind: 'security' });
        await emailConfirmation.send({ id: userId, username, email });
      }
    },

    async setGender(userId: string, body: SetGenderBody) {
      const problems = fieldProblems();
      genderProblems(body, problems);
      if (!problems.empty) throw problems.toError();
      const custom = body.gender === 4 ? body.custom_gender.trim() : null;
      await accounts.setGender(userId, body.gender, custom);
      return { gender: body.gender, custom_gender: custom ?? '' };
    },

    /** Stores the new picture (150 and 320 px squares, no metadata) and answers its URLs. */
    async changePicture(userId: string, data: Buffer) {
      const processed = await processAvatar(data);
      const key = `avatars/${randomToken(9)}`;
      const bySize = new Map(processed.variants.map((v) => [v.width, v.data]));
      const small = bySize.get(150) ?? processed.variants[processed.variants.length - 1]!.data;
      const large = bySize.get(320) ?? processed.variants[0]!.data;
      await Promise.all([storage.put(`${key}_150.jpg`, small), storage.put(`${key}_320.jpg`, large)]);
      const old = await accounts.replaceProfilePic(userId, key);
      await userSummaries.forget(userId);
      await removeFiles(old);
      return { changed_profile: true as const, ...profilePicUrls({ profile_pic_key: key }, storage), profile_pic_to_post_upsell_eligible: !(await posts.hasPosts(userId)) };
    },

    async removePicture(userId: string) {
      const old = await accounts.replaceProfilePic(userId, null);
      await userSummaries.forget(userId);
      await removeFiles(old);
      return { changed_profile: true as const, ...profilePicUrls({ profile_pic_key: null }, storage) };
    },
  };

  /** The signed-in account: it exists while its session does. */
  async function account(userId: string) {
    const user = await accounts.findById(userId);
    if (!user) throw notFound();
    return user;
  }

  // The demo world's pictures are shared by content; only a picture of one's own is deleted.
  async function removeFiles(key: string | null) {
    if (!key || !/^avatars\/[A-Za-z0-9_-]{12}$/.test(key)) return;
    await Promise.allSettled([storage.remove(`${key}_150.jpg`), storage.remove(`${key}_320.jpg`)]);
  }
}
export type ProfileEdit = ReturnType<typeof createProfileEdit>;

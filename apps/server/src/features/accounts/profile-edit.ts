import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../platform/errors.js';
import { badRequest } from '../../platform/errors.js';
import { processAvatar } from '../../platform/media/index.js';
import { profilePicUrls } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import { randomToken } from '../../platform/tokens.js';
import { MESSAGES, usernameProblem } from '../auth/signup-rules.js';

export const BIOGRAPHY_MAX_LENGTH = 150;

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
});
type EditProfileBody = z.infer<typeof editProfileBody>;

const emailSchema = z.email();
const urlSchema = z.url({ protocol: /^https?$/ });

function fieldErrors(body: EditProfileBody): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => { (errors[field] ??= []).push(message); };
  const username = usernameProblem(body.username.trim());
  if (username) add('username', username);
  if (!emailSchema.safeParse(body.email.trim()).success) add('email', MESSAGES.emailInvalid);
  if (body.first_name.trim().length > 64) add('first_name', MESSAGES.fullNameLong);
  if (body.biography.length > BIOGRAPHY_MAX_LENGTH) add('biography', `Your bio can be at most ${BIOGRAPHY_MAX_LENGTH} characters.`);
  const url = body.external_url.trim();
  if (url && !urlSchema.safeParse(/^https?:\/\//i.test(url) ? url : `https://${url}`).success) add('external_url', 'Enter a valid website address.');
  if (body.phone_number && !/^\+?[0-9 ()-]{6,20}$/.test(body.phone_number.trim())) add('phone_number', 'Enter a valid phone number.');
  if (![1, 2, 3, 4].includes(body.gender)) add('gender', 'Choose one of the gender options.');
  if (body.gender === 4 && !body.custom_gender.trim()) add('custom_gender', 'Enter your gender, or choose another option.');
  if (body.custom_gender.length > 64) add('custom_gender', 'Enter at most 64 characters.');
  return errors;
}

/** The edit-profile form and the profile picture (change and remove). */
export function createProfileEdit(db: Db, storage: Storage) {
  return {
    async form(userId: string) {
      const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      return {
        first_name: u.full_name, username: u.username, biography: u.biography, external_url: u.external_url ?? '', email: u.email,
        phone_number: u.phone_number ?? '', gender: u.gender, custom_gender: u.custom_gender ?? '', chaining_enabled: u.chaining_enabled,
      };
    },

    async save(userId: string, body: EditProfileBody): Promise<void> {
      const errors = fieldErrors(body);
      const username = body.username.trim();
      const email = body.email.trim();
      if (!errors.username) {
        const other = await db.selectFrom('users').select('id').where('username_lower', '=', username.toLowerCase()).where('id', '!=', userId).executeTakeFirst();
        if (other) errors.username = [MESSAGES.usernameTaken];
      }
      if (!errors.email) {
        const other = await db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase()).where('id', '!=', userId).executeTakeFirst();
        if (other) errors.email = [MESSAGES.emailTaken];
      }
      const first = Object.values(errors)[0]?.[0];
      if (first) throw badRequest(first, { errors });
      const url = body.external_url.trim();
      try {
        await db
          .updateTable('users')
          .set({
            full_name: body.first_name.trim(), username, username_lower: username.toLowerCase(), email, email_lower: email.toLowerCase(),
            biography: body.biography, external_url: url ? (/^https?:\/\//i.test(url) ? url : `https://${url}`) : null,
            phone_number: body.phone_number.trim() || null, gender: body.gender, custom_gender: body.gender === 4 ? body.custom_gender.trim() : null,
            chaining_enabled: body.chaining_enabled,
          })
          .where('id', '=', userId)
          .execute();
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        throw badRequest(MESSAGES.usernameTaken, { errors: { username: [MESSAGES.usernameTaken] } });
      }
    },

    /** Stores the new picture (150 and 320 px squares, no metadata) and answers its URLs. */
    async changePicture(userId: string, data: Buffer) {
      const processed = await processAvatar(data);
      const key = `avatars/${randomToken(9)}`;
      const bySize = new Map(processed.variants.map((v) => [v.width, v.data]));
      const small = bySize.get(150) ?? processed.variants[processed.variants.length - 1]!.data;
      const large = bySize.get(320) ?? processed.variants[0]!.data;
      await Promise.all([storage.put(`${key}_150.jpg`, small), storage.put(`${key}_320.jpg`, large)]);
      const old = await db.selectFrom('users').select('profile_pic_key').where('id', '=', userId).executeTakeFirstOrThrow();
      await db.updateTable('users').set({ profile_pic_key: key }).where('id', '=', userId).execute();
      await removeFiles(old.profile_pic_key);
      const posts = await db.selectFrom('media').select('id').where('owner_id', '=', userId).limit(1).executeTakeFirst();
      return { changed_profile: true, ...profilePicUrls({ profile_pic_key: key }, storage), profile_pic_to_post_upsell_eligible: !posts };
    },

    async removePicture(userId: string) {
      const old = await db.selectFrom('users').select('profile_pic_key').where('id', '=', userId).executeTakeFirstOrThrow();
      await db.updateTable('users').set({ profile_pic_key: null }).where('id', '=', userId).execute();
      await removeFiles(old.profile_pic_key);
      return { changed_profile: true, ...profilePicUrls({ profile_pic_key: null }, storage) };
    },
  };

  // The demo world's pictures are shared by content; only a picture of one's own is deleted.
  async function removeFiles(key: string | null) {
    if (!key || !/^avatars\/[A-Za-z0-9_-]{12}$/.test(key)) return;
    await Promise.allSettled([storage.remove(`${key}_150.jpg`), storage.remove(`${key}_320.jpg`)]);
  }
}
export type ProfileEdit = ReturnType<typeof createProfileEdit>;

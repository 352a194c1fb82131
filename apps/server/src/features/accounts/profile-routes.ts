import fs from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_PHOTO_MB, PROFILE_SAVE_LIMIT, UPLOAD_LIMIT } from '@shutter/contract';
import { MAX_PHOTO_BYTES } from '../../platform/media/index.js';
import { failure, genderAnswer, ok, profilePicture, spamFeedback } from '@shutter/contract/results';
import { keyedLimit, perAccount } from '../../platform/rate-limits.js';
import { spamAnswer } from '../../platform/spam.js';
import { requireSession } from '../../platform/session.js';
import { readUpload } from '../posts/multipart.js';
import { editProfileBody, setGenderBody, type ProfileEdit } from './profile-edit.js';

export function registerProfileRoutes(app: FastifyInstance, profile: ProfileEdit, spoolDir: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const savePace = keyedLimit(app, 'profile-save', PROFILE_SAVE_LIMIT);
  // Saves past the pace are refused as spam, with the feedback the client shows as a dialog.
  const spamGuard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await savePace(`user:${requireSession(request).user.id}`)).allowed) return reply.code(429).send(spamAnswer());
  };

  r.post('/accounts/edit/', { schema: { tags: ['accounts'], summary: 'Save the profile form; errors per field', body: editProfileBody, response: { 200: ok, 429: z.union([spamFeedback, failure]) } }, config: { failures: [429] }, preHandler: spamGuard }, async (request) => {
    await profile.save(requireSession(request).user.id, request.body);
    return { status: 'ok' as const };
  });

  r.post('/accounts/set_gender/', { schema: { tags: ['accounts'], summary: 'Save the gender (1 male, 2 female, 3 prefer not to say, 4 custom with custom_gender)', body: setGenderBody, response: { 200: genderAnswer, 429: spamFeedback } }, preHandler: spamGuard }, async (request) => {
    return { ...(await profile.setGender(requireSession(request).user.id, request.body)), status: 'ok' as const };
  });

  r.post('/accounts/web_change_profile_picture/', { schema: { tags: ['accounts'], summary: `Change the profile picture (multipart profile_pic; at most ${MAX_PHOTO_MB} MB)`, consumes: ['multipart/form-data'], response: { 200: profilePicture } }, config: { failures: [413] }, preHandler: perAccount(app, 'upload', UPLOAD_LIMIT) }, async (request) => {
    const session = requireSession(request);
    const up = await readUpload(request, { field: 'profile_pic', maxBytes: MAX_PHOTO_BYTES, tooLarge: `This photo is larger than ${MAX_PHOTO_MB} MB.`, spoolDir });
    try {
      return { ...(await profile.changePicture(session.user.id, await fs.readFile(up.file))), status: 'ok' as const };
    } finally {
      await fs.rm(up.file, { force: true });
    }
  });

  r.post('/accounts/web_remove_profile_picture/', { schema: { tags: ['accounts'], summary: 'Remove the profile picture', response: { 200: profilePicture } } }, async (request) => {
    return { ...(await profile.removePicture(requireSession(request).user.id)), status: 'ok' as const };
  });
}

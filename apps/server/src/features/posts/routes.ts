import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId, MAX_PHOTO_MB, MAX_VIDEO_FPS, MAX_VIDEO_MB, MAX_VIDEO_MINUTES, MAX_VIDEO_SOURCE_SIDE, UPLOAD_LIMIT } from '@shutter/contract';
import { deleteAnswer, mediaAnswer, ok as okAnswer, spamFeedback, uploadAnswer as uploadResult } from '@shutter/contract/results';
import { keyedLimit, perAccount } from '../../platform/rate-limits.js';
import { SECURITY } from '../../platform/answers.js';
import { badRequest } from '../../platform/errors.js';
import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES } from '../../platform/media/index.js';
import { requireSession } from '../../platform/session.js';
import { configureBody, configureSidecarBody, parseConfigure, parseConfigureSidecar } from './configure-input.js';
import { readUpload } from './multipart.js';
import type { PostsService } from './service.js';
import type { Uploads } from './uploads.js';
import { BODY_BYTES } from '../../platform/body-limits.js';
import { spamAnswer } from '../../platform/spam.js';

const mediaParams = z.object({ media_id: z.string().refine(isId, 'media_id must be an id.') });
const uploadIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
const ok = { status: 'ok' as const };

/** Likes refused as spam beyond this pace: no person likes 60 posts in 10 minutes. */
export const LIKE_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 };

function uploadIdOf(fields: Record<string, string>): string {
  const id = fields.upload_id ?? '';
  if (!uploadIdPattern.test(id)) throw badRequest('upload_id must be 1 to 64 letters, digits, - or _.');
  return id;
}

// The answer's own `status` is "ok" (the API's convention); the upload's state is `upload_status`.
const uploadAnswer = (u: { upload_id: string; kind: 'image' | 'video'; status: 'processing' | 'ready' | 'failed'; width: number; height: number; error: string | null }) => ({
  upload_id: u.upload_id, kind: u.kind, upload_status: u.status, width: u.width, height: u.height,
  ...(u.error ? { message: u.error } : {}),
});

export function registerPostRoutes(app: FastifyInstance, posts: PostsService, uploads: Uploads, spoolDir: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploadsPerAccount = perAccount(app, 'upload', UPLOAD_LIMIT);
  const likePace = keyedLimit(app, 'like', LIKE_LIMIT);

  r.post('/create/upload/photo/', { schema: { tags: ['posts'], summary: `Upload a photo (multipart: upload_id, photo; at most ${MAX_PHOTO_MB} MB)`, consumes: ['multipart/form-data'], response: { 200: uploadResult } }, config: { failures: [409, 413] }, preHandler: uploadsPerAccount }, async (request) => {
    const session = requireSession(request);
    const up = await readUpload(request, { field: 'photo', maxBytes: MAX_PHOTO_BYTES, tooLarge: `This photo is larger than ${MAX_PHOTO_MB} MB.`, spoolDir });
    try {
      const uploadId = uploadIdOf(up.fields);
      const upload = await uploads.photo(session.user.id, uploadId, await fs.readFile(up.file));
      return { ...uploadAnswer(upload), ...ok };
    } finally {
      await fs.rm(up.file, { force: true });
    }
  });

  r.post('/create/upload/video/', { schema: { tags: ['posts'], summary: `Upload a feed video (multipart: upload_id, video; at most ${MAX_VIDEO_MB} MB, ${MAX_VIDEO_MINUTES} minutes, ${MAX_VIDEO_SOURCE_SIDE} px a side, ${MAX_VIDEO_FPS} fps)`, consumes: ['multipart/form-data'], response: { 200: uploadResult } }, config: { failures: [409, 413] }, preHandler: uploadsPerAccount }, async (request) => {
    const session = requireSession(request);
    const up = await readUpload(request, { field: 'video', maxBytes: MAX_VIDEO_BYTES, tooLarge: `This video is larger than ${MAX_VIDEO_MB} MB.`, spoolDir });
    let uploadId: string;
    try {
      uploadId = uploadIdOf(up.fields);
    } catch (err) {
      await fs.rm(up.file, { force: true });
      throw err;
    }
    const upload = await uploads.video(session.user.id, uploadId, up.file);
    return { ...uploadAnswer(upload), processing: upload.status === 'processing', ...ok };
  });

  r.get('/create/upload/:upload_id/', {
    schema: { tags: ['posts'], summary: 'The state of an upload (videos: processing, ready or failed)', params: z.object({ upload_id: z.string().regex(uploadIdPattern, 'upload_id is not valid.') }),
      security: SECURITY.session, response: { 200: uploadResult } },
  }, async (request) => {
    const session = requireSession(request);
    return { ...uploadAnswer(await uploads.status(session.user.id, request.params.upload_id)), ...ok };
  });

  r.post('/create/configure/', { schema: { tags: ['posts'], summary: 'Publish an upload as a post', body: configureBody, response: { 200: mediaAnswer } }, config: { failures: [404] }, bodyLimit: BODY_BYTES.text }, async (request) => {
    const session = requireSession(request);
    return { media: await posts.publish(session.user.id, parseConfigure(request.body)), ...ok };
  });

  r.post('/create/configure_sidecar/', { schema: { tags: ['posts'], summary: 'Publish 2 to 10 uploads as a carousel', body: configureSidecarBody, response: { 200: mediaAnswer } }, config: { failures: [404] }, bodyLimit: BODY_BYTES.text }, async (request) => {
    const session = requireSession(request);
    return { media: await posts.publish(session.user.id, parseConfigureSidecar(request.body)), ...ok };
  });

  r.post('/create/:media_id/delete/', { schema: { tags: ['posts'], summary: 'Delete an own post', params: mediaParams, response: { 200: deleteAnswer } } }, async (request) => {
    const session = requireSession(request);
    await posts.remove(request.params.media_id, session.user.id);
    return { did_delete: true as const, ...ok };
  });

  r.post('/web/likes/:media_id/like/', { schema: { tags: ['posts'], summary: 'Like a post', params: mediaParams, response: { 200: okAnswer, 429: spamFeedback } } }, async (request, reply) => {
    const session = requireSession(request);
    if (!(await likePace(`user:${session.user.id}`)).allowed) {
      return reply.code(429).send(spamAnswer());
    }
    await posts.like(request.params.media_id, session.user.id);
    return ok;
  });

  r.post('/web/likes/:media_id/unlike/', { schema: { tags: ['posts'], summary: 'Unlike a post', params: mediaParams, response: { 200: okAnswer } } }, async (request) => {
    await posts.unlike(request.params.media_id, requireSession(request).user.id);
    return ok;
  });

  r.post('/web/save/:media_id/save/', { schema: { tags: ['posts'], summary: 'Save a post', params: mediaParams, response: { 200: okAnswer } } }, async (request) => {
    await posts.save(request.params.media_id, requireSession(request).user.id);
    return ok;
  });

  r.post('/web/save/:media_id/unsave/', { schema: { tags: ['posts'], summary: 'Remove a post from the saved ones', params: mediaParams, response: { 200: okAnswer } } }, async (request) => {
    await posts.unsave(request.params.media_id, requireSession(request).user.id);
    return ok;
  });
}


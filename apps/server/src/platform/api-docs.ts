import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUERY_HASHES, queryVariables, type QueryName } from '@shutter/contract';
import { describeFailures, FAILURE_TEXT, SECURITY_SCHEMES, type FailureStatus } from './answers.js';
import { HEIF_MIMES, IMAGE_MIMES, VIDEO_MIMES } from './media/formats.js';

/** The path of a persisted query's own operation (the same query as /graphql/query/?query_hash=...). */
export const queryPath = (name: QueryName) => `/graphql/query/${name}/`;

type OpenApiDocument = {
  paths?: Record<string, Record<string, { parameters?: Record<string, unknown>[] }>>;
} & Record<string, unknown>;

/**
 * A persisted query's `variables` are one JSON text: the document describes them as a parameter
 * whose content is application/json, with the query's own variables schema.
 */
function describeQueryVariables(doc: OpenApiDocument): OpenApiDocument {
  for (const name of Object.keys(QUERY_HASHES) as QueryName[]) {
    const op = doc.paths?.[queryPath(name)]?.get;
    if (!op?.parameters) continue;
    op.parameters = op.parameters.map((p) => p.name !== 'variables' ? p : {
      in: 'query',
      name: 'variables',
      required: false,
      description: `The query's variables as JSON (URL-encoded); unknown keys are ignored. Default {}.`,
      content: { 'application/json': { schema: withoutDialect(z.toJSONSchema(queryVariables[name], { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' })) } },
    });
  }
  return doc;
}

const uploadId = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The client\'s id for this upload, used again to publish it.' };
const file = (description: string) => ({ type: 'string', contentMediaType: 'application/octet-stream', description });
/** Upload routes read their multipart parts themselves (features/posts/multipart.ts): their bodies, for the document. */
const MULTIPART_BODIES: Record<string, { properties: Record<string, unknown>; required: string[] }> = {
  '/create/upload/photo/': { properties: { upload_id: uploadId, photo: file(`A photo: ${[...IMAGE_MIMES].join(', ')}, or ${[...HEIF_MIMES].join(', ')} where this build decodes them; known by its bytes, not its name.`) }, required: ['upload_id', 'photo'] },
  '/create/upload/video/': { properties: { upload_id: uploadId, video: file(`A video: ${[...VIDEO_MIMES].join(', ')}; known by its bytes, not its name.`) }, required: ['upload_id', 'video'] },
  '/accounts/web_change_profile_picture/': { properties: { profile_pic: file('The new profile picture (a photo).') }, required: ['profile_pic'] },
  '/direct_v2/web/threads/broadcast/upload_photo/': {
    properties: { thread_id: { type: 'string', pattern: '^[0-9]{1,19}$', description: 'The thread the photo is for.' }, photo: file('The photo to send (as for posts: known by its bytes).') },
    required: ['thread_id', 'photo'],
  },
};

function describeUploads(doc: OpenApiDocument): OpenApiDocument {
  for (const [path, body] of Object.entries(MULTIPART_BODIES)) {
    const op = doc.paths?.[path]?.post as Record<string, unknown> | undefined;
    if (op) op.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', ...body } } } };
  }
  return doc;
}

const withoutDialect = ({ $schema: _dialect, ...schema }: Record<string, unknown>) => schema;

/** Answers declared as a bare schema get a description: the success's, or what the failure status means. */
function describeAnswers(doc: OpenApiDocument): OpenApiDocument {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item) as { summary?: string; responses?: Record<string, { description?: string }> }[]) {
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        if (answer.description !== 'Default Response') continue;
        answer.description = status.startsWith('2') ? `Success${op.summary ? `: ${op.summary.charAt(0).toLowerCase()}${op.summary.slice(1)}` : ''}.` : FAILURE_TEXT[Number(status) as FailureStatus] ?? 'A failure.';
      }
    }
  }
  return doc;
}

/**
 * Component schemas no operation uses (the input twins of result schemas, made by the zod
 * registry for every named schema) are left out, until none is left.
 */
function dropUnusedSchemas(doc: OpenApiDocument): OpenApiDocument {
  const schemas = (doc.components as { schemas?: Record<string, unknown> } | undefined)?.schemas;
  if (!schemas) return doc;
  for (;;) {
    const unused = Object.keys(schemas).filter((name) => {
      const ref = JSON.stringify(`#/components/schemas/${name}`);
      const others = { ...doc, components: { ...(doc.components as object), schemas: { ...schemas, [name]: undefined } } };
      return !JSON.stringify(others).includes(ref);
    });
    if (!unused.length) return doc;
    for (const name of unused) delete schemas[name];
  }
}

/**
 * The OpenAPI document, generated from the routes' zod schemas (the contract's result schemas for
 * the answers): /api/docs (UI) and /api/docs/json. Operations are completed as routes are added
 * (describeFailures): an operationId, the security they need and the failures they answer.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  describeFailures(app);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shutter API',
        description: [
          'The API of Shutter, the one the web client uses. Answers are JSON with `"status": "ok"`; failures answer',
          '`{"status":"fail","message":...}` with `code` and `params` when told by code, and `errors`/`error_codes` per field for forms.',
          '',
          'Authentication: log in (POST /accounts/login/ajax/) to get the `sessionid` cookie. Every POST needs the CSRF token:',
          'the `csrftoken` cookie (set on any first answer, and renewed at login and logout) echoed in the `X-CSRFToken` header;',
          'GET /data/shared_data/ gives it masked (another string each time, the same token inside), which the header takes too.',
          '',
          'Persisted queries run at GET /graphql/query/?query_hash=<md5 of the name>&variables=<JSON>; each is also documented',
          'as its own operation at GET /graphql/query/<name>/ (same variables, same answer). Client routes answer HTML, or their page data at ?__a=1.',
        ].join('\n'),
        version: '0.1.0',
      },
      servers: [{ url: '/', description: 'This service' }],
      tags: [
        { name: 'auth', description: 'Signup, login and logout' },
        { name: 'accounts', description: 'The account\'s settings, password and sessions' },
        { name: 'posts', description: 'Uploads, posts, likes, saves and tags' },
        { name: 'comments', description: 'Comments and their likes' },
        { name: 'friendships', description: 'Follows, requests and blocks' },
        { name: 'activity', description: 'The activity feed' },
        { name: 'suggestions', description: 'Suggested accounts' },
        { name: 'search', description: 'People and hashtags' },
        { name: 'explore', description: 'Explore: ranked posts of strangers and topical clusters' },
        { name: 'direct', description: 'Direct messages: the inbox, message requests, threads, groups and their admins' },
        { name: 'reports', description: 'Reporting a post, person, comment, story or message through guided screens' },
        { name: 'moderation', description: 'The admin API (moderators and admins): reports, account actions, the audit log, appeals; and an owner\'s strikes' },
        { name: 'queries', description: 'Persisted queries (GraphQL-like reads)' },
        { name: 'pages', description: 'Page data of the client routes (?__a=1) and the shared data' },
      ],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => dropUnusedSchemas(describeAnswers(describeUploads(describeQueryVariables(jsonSchemaTransformObject(input) as OpenApiDocument)))) as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUERY_HASHES, queryVariables, type QueryName } from '@shutter/contract';
import { queryAnswerOf, queryResults } from '@shutter/contract/results';
import { AnswerMismatch, SECURITY, type FailureStatus } from '../answers.js';
import { queryPath } from '../api-docs.js';
import { badRequest } from '../errors.js';

export type QueryHandler<N extends QueryName> = (
  variables: z.output<(typeof queryVariables)[N]>,
  request: FastifyRequest,
) => Promise<unknown>;

export type QueryHandlers = { [N in QueryName]: QueryHandler<N> };

/** Each feature gives the persisted queries it answers; together they must answer every one. */
export function combineQueries(...parts: Partial<QueryHandlers>[]): QueryHandlers {
  const all = Object.assign({}, ...parts) as Partial<QueryHandlers>;
  const missing = (Object.keys(QUERY_HASHES) as QueryName[]).filter((name) => !all[name]);
  if (missing.length) throw new Error(`No handler for the persisted queries: ${missing.join(', ')}`);
  return all as QueryHandlers;
}

/** The viewer's id, or null for a logged-out visitor. */
export const viewerOf = (request: FastifyRequest) => request.session?.user.id ?? null;

export const queryHash = (name: string) => createHash('md5').update(name).digest('hex');

const MAX_VARIABLES_LENGTH = 8192;
const variablesText = z.string().max(MAX_VARIABLES_LENGTH, 'variables are too long.').default('{}');

/** What each query is, for its operation in the OpenAPI document. */
const QUERY_SUMMARIES: Record<QueryName, string> = {
  viewer: 'The logged-in viewer, or null',
  login_activity: 'The viewer\'s sessions (login activity), newest first',
  feed: 'The home feed: posts of the accounts the viewer follows, newest first',
  liked_by: 'The people who liked a post',
  parent_comments: 'A post\'s comments, oldest first, with their first replies',
  child_comments: 'A comment\'s replies',
  comment_likes: 'The people who liked a comment',
  profile_posts: 'A profile\'s posts (the grid)',
  follow_requests: 'The follow requests the viewer (a private account) has received',
  follow_list: 'A profile\'s followers or followed accounts',
  activity_counts: 'The viewer\'s unread activity, by kind',
  suggested_users_count: 'How many accounts are suggested to the viewer',
  suggested_users: 'Accounts suggested to the viewer',
  saved_posts: 'The viewer\'s saved posts',
  tagged_posts: 'The posts a profile is tagged in',
  similar_accounts: 'Accounts similar to a profile (chaining)',
  hashtag_media: 'A hashtag\'s newest posts',
  location_media: 'A place\'s newest posts',
  hashtag_follow_list: 'The hashtags a profile follows',
  explore_media: 'Explore: strangers\' public posts ranked for the viewer, or one topical cluster\'s',
  feed_tray: 'The story tray: the viewer\'s own reel, then the reels of followed accounts, unseen first',
  reels_media: 'Reels with their stories: people\'s, highlights, a hashtag\'s or a place\'s public ones',
  story_viewers: 'Who saw one of the viewer\'s stories, newest first (the owner\'s alone)',
};

const NEEDS_SESSION = new Set<QueryName>(['login_activity', 'feed', 'follow_requests', 'activity_counts', 'suggested_users_count', 'suggested_users', 'saved_posts', 'similar_accounts', 'explore_media', 'feed_tray', 'story_viewers']);
/** Queries about one account, post, comment or place: it may be absent (404) or not the viewer's to see (403). */
const ABOUT_ONE = new Set<QueryName>(['liked_by', 'parent_comments', 'child_comments', 'comment_likes', 'profile_posts', 'follow_list', 'tagged_posts', 'similar_accounts', 'location_media', 'hashtag_follow_list', 'explore_media', 'story_viewers']);

const pascal = (name: string) => name.split('_').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

export interface QueryDispatcherOptions {
  /** Check each result against its query's result schema (the tests do). */
  checkAnswers?: boolean;
}

/**
 * GET /graphql/query/?query_hash=ID&variables=JSON: ID is the md5 hex of a query's name; the
 * variables are parsed as JSON and validated by that query's schema from the contract. Each query
 * is also answered at GET /graphql/query/{name}/?variables=JSON, its own documented operation.
 */
export function registerQueryDispatcher(app: FastifyInstance, handlers: QueryHandlers, options: QueryDispatcherOptions = {}): void {
  const byHash = new Map<string, QueryName>();
  for (const name of Object.keys(handlers) as QueryName[]) byHash.set(queryHash(name), name);

  async function run(name: QueryName, variables: string, request: FastifyRequest) {
    let raw: unknown;
    try {
      raw = JSON.parse(variables);
    } catch {
      throw badRequest('variables must be JSON.');
    }
    const parsed = queryVariables[name].safeParse(raw ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(`Invalid variables: ${issue.path.join('.') || 'variables'}: ${issue.message}`);
    }
    const handler = handlers[name] as QueryHandler<typeof name>;
    const data = await handler(parsed.data as never, request);
    if (options.checkAnswers) {
      const checked = queryResults[name].safeParse(data);
      if (!checked.success) {
        const issues = checked.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(result)'}: ${i.message}`).join('; ');
        const message = `The result of the persisted query ${name} does not match its schema: ${issues}`;
        process.stderr.write(`${message}\n`);
        throw new AnswerMismatch(message);
      }
    }
    return { data, status: 'ok' as const };
  }

  const r = app.withTypeProvider<ZodTypeProvider>();
  const results = Object.values(queryResults) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]];
  r.get('/graphql/query/', {
    schema: {
      tags: ['queries'],
      operationId: 'runPersistedQuery',
      summary: 'Run a persisted query by the md5 of its name',
      description: 'query_hash is the md5 hex of the query\'s name; the result is that query\'s (see each GET /graphql/query/{name}/ operation for its variables and result).',
      querystring: z.object({
        query_hash: z.string().regex(/^[0-9a-f]{32}$/, 'query_hash must be 32 hex digits.'),
        variables: variablesText,
      }),
      response: { 200: z.object({ data: z.union(results), status: z.literal('ok') }) },
    },
    config: { failures: [401, 403, 404] },
  }, async (request) => {
    const name = byHash.get(request.query.query_hash);
    if (!name) throw badRequest('Unknown query.');
    return run(name, request.query.variables, request);
  });

  for (const name of Object.keys(handlers) as QueryName[]) {
    r.get(queryPath(name), {
      schema: {
        tags: ['queries'],
        operationId: `query${pascal(name)}`,
        summary: QUERY_SUMMARIES[name],
        description: `The persisted query \`${name}\` (query_hash \`${QUERY_HASHES[name]}\`); the same as GET /graphql/query/?query_hash=${QUERY_HASHES[name]}&variables=...`,
        querystring: z.object({ variables: variablesText }),
        security: NEEDS_SESSION.has(name) ? SECURITY.session : SECURITY.optionalSession,
        response: { 200: queryAnswerOf(name) },
      },
      config: { failures: ABOUT_ONE.has(name) ? [403, 404] as FailureStatus[] : [] },
    }, async (request) => run(name, request.query.variables, request) as never);
  }
}

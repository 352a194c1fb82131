import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUERY_HASHES, queryVariables, type QueryName } from '@shutter/contract';
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

/**
 * GET /graphql/query/?query_hash=ID&variables=JSON: ID is the md5 hex of a query's name; the
 * variables are parsed as JSON and validated by that query's schema from the contract.
 */
export function registerQueryDispatcher(app: FastifyInstance, handlers: QueryHandlers): void {
  const byHash = new Map<string, QueryName>();
  for (const name of Object.keys(handlers) as QueryName[]) byHash.set(queryHash(name), name);

  app.withTypeProvider<ZodTypeProvider>().get('/graphql/query/', {
    schema: {
      tags: ['queries'],
      summary: 'Run a persisted query by the md5 of its name',
      querystring: z.object({
        query_hash: z.string().regex(/^[0-9a-f]{32}$/, 'query_hash must be 32 hex digits.'),
        variables: z.string().max(MAX_VARIABLES_LENGTH, 'variables are too long.').default('{}'),
      }),
    },
  }, async (request) => {
    const name = byHash.get(request.query.query_hash);
    if (!name) throw badRequest('Unknown query.');
    let raw: unknown;
    try {
      raw = JSON.parse(request.query.variables);
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
    return { data, status: 'ok' };
  });
}

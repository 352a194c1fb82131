import { QUERY_HASHES, type QueryName } from '@shutter/contract';
import type { ZodType } from 'zod';
import { apiGet } from './api';
import type { ResultSchemas } from './answer-check';
import { withRetry } from './retry';

/**
 * Persisted query by hashed id: GET /graphql/query/?query_hash=ID&variables=JSON -> {data, status}.
 * The answer is checked against the contract's result of `name` (answer-check.ts).
 */
export async function runQuery<T>(name: QueryName, variables: Record<string, unknown> = {}): Promise<T> {
  const q = new URLSearchParams({ query_hash: QUERY_HASHES[name], variables: JSON.stringify(variables) });
  const result = (schemas: ResultSchemas) => schemas.queryAnswerOf(name) as unknown as ZodType<{ data: T; status: string }>;
  const answer = await withRetry(() => apiGet<{ data: T; status: string }>(`/graphql/query/?${q.toString()}`, { result }));
  return answer.data;
}

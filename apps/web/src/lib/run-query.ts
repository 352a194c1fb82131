import { QUERY_HASHES, type QueryName } from '@shutter/contract';
import { apiGet } from './api';
import { withRetry } from './retry';

/** Persisted query by hashed id: GET /graphql/query/?query_hash=ID&variables=JSON -> {data, status}. */
export async function runQuery<T>(name: QueryName, variables: Record<string, unknown> = {}): Promise<T> {
  const q = new URLSearchParams({ query_hash: QUERY_HASHES[name], variables: JSON.stringify(variables) });
  const answer = await withRetry(() => apiGet<{ data: T; status: string }>(`/graphql/query/?${q.toString()}`));
  return answer.data;
}

import type { FastifyInstance } from 'fastify';

/** One operation of the service's OpenAPI document, as a client would read it. */
export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The body's fields, whatever its content type. */
  bodyFields: string[];
  /** Sent as multipart/form-data (uploads). */
  multipart: boolean;
}

interface Document {
  paths: Record<string, Record<string, {
    parameters?: { in: string; name: string }[];
    requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  }>>;
}

/** Every operation the service documents at /api/docs/json. */
export async function listOperations(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => {
    const content = op.requestBody?.content ?? {};
    return {
      method: method.toUpperCase() as Operation['method'],
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyFields: [...new Set(Object.values(content).flatMap((c) => Object.keys(c.schema?.properties ?? {})))],
      multipart: 'multipart/form-data' in content,
    };
  }));
}

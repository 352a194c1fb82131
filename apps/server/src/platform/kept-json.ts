import type { FastifyReply } from 'fastify';

/** Each kept answer's JSON but its last field, made the first time it is served again. */
const texts = new WeakMap<object, string>();

/**
 * `answer` as JSON with `field` (a time the answer is stamped with at each read) set to `value`.
 * The rest is serialised once per kept answer: an inbox is 85 KB of JSON, whose JSON.stringify
 * cost more than the rest of serving it again.
 */
export function keptJson(answer: object, field: string, value: number): string {
  let text = texts.get(answer);
  if (text === undefined) {
    const { [field]: _stamped, ...rest } = answer as Record<string, unknown>;
    text = JSON.stringify(rest);
    texts.set(answer, text);
  }
  const tail = `${JSON.stringify(field)}:${JSON.stringify(value)}}`;
  return text === '{}' ? `{${tail}` : `${text.slice(0, -1)},${tail}`;
}

/** Sends JSON text as it is: a string answer with a JSON type skips the route's serializer. */
export const sendJsonText = (reply: FastifyReply, text: string) => reply.type('application/json; charset=utf-8').send(text);

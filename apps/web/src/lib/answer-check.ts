import type * as results from '@shutter/contract/results';
import type { ZodType } from 'zod';

/**
 * Answers checked against the contract's result schemas. A query names the schema its answer
 * should match with a pick, e.g. `(r) => r.pageData.explore`; the answer is then typed from it.
 * Development and test builds load the schemas and check; a production build drops the check, and
 * the schemas (zod) never reach its bundle: only their types are imported here.
 */
export type ResultSchemas = typeof results;

/** Picks the schema an answer must match from the contract's result schemas. */
export type PickResult<T> = (schemas: ResultSchemas) => ZodType<T>;

/** An answer that does not match its result schema: names the path and what differs. */
export class AnswerMismatchError extends Error {
  readonly path: string;
  constructor(path: string, issues: string) {
    super(`The answer of ${path} does not match its result schema: ${issues}`);
    this.name = 'AnswerMismatchError';
    this.path = path;
  }
}

interface Issue {
  path: PropertyKey[];
  message: string;
}

const MAX_ISSUES = 5;

/** `graphql.user.id: Invalid input...; status: ...` (the first few issues). */
function describeIssues(issues: readonly Issue[]): string {
  const listed = issues.slice(0, MAX_ISSUES).map((issue) => `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}`);
  if (issues.length > MAX_ISSUES) listed.push(`and ${issues.length - MAX_ISSUES} more`);
  return listed.join('; ');
}

/**
 * Checks `body` (the answer of `path`) against the picked schema. In tests a mismatch throws; in
 * development it is logged, so that the screen goes on as production's would.
 */
export async function checkAnswer<T>(path: string, body: unknown, pick: PickResult<T> | undefined): Promise<void> {
  if (!pick || !(import.meta.env.DEV || import.meta.env.MODE === 'test')) return;
  const schemas = await import('@shutter/contract/results');
  const parsed = pick(schemas).safeParse(body);
  if (parsed.success) return;
  const mismatch = new AnswerMismatchError(path, describeIssues(parsed.error.issues));
  if (import.meta.env.MODE === 'test') throw mismatch;
  console.error(mismatch);
}

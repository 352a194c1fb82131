import { messageText, type CodedMessage } from '@shutter/contract';

/** An error that becomes the API's failure shape: {"status":"fail","message":...} with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 429,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A failure told by code: its English text as `message`, with `code` and `params` for translation. */
export const failWith = (statusCode: HttpError['statusCode'], m: CodedMessage, extra: Record<string, unknown> = {}) =>
  new HttpError(statusCode, messageText(m), { code: m.code, ...(m.params ? { params: m.params } : {}), ...extra });

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = () => failWith(401, { code: 'login_required' });
export const forbidden = (message = "You don't have permission to do that.") => new HttpError(403, message);
export const notFound = (message = "Sorry, this page isn't available.") => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);
export const tooManyRequests = (message = 'Please wait a few minutes before you try again.') => new HttpError(429, message);

/** PostgreSQL's unique_violation, raised when two writers race for the same unique value. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

export const userNotFound = () => failWith(404, { code: 'user_not_found' });
export const postNotFound = () => failWith(404, { code: 'post_not_found' });

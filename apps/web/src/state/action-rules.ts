import { loginPath, type SpamFeedback } from '@shutter/contract';
import { ApiError } from '../lib/api';

/** A 429 answer with `spam: true` carries the feedback dialog's content (spec 002 §8). */
export function spamFeedbackOf(error: unknown): SpamFeedback | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const body = error.body as Partial<SpamFeedback> | null;
  return body?.spam === true ? (body as SpamFeedback) : null;
}

/** Spec 000 §6: where a logged-out visitor's like-related action goes (null: go ahead). */
export function loginRedirectFor(loggedIn: boolean, pathname: string, search: string, source: string): string | null {
  return loggedIn ? null : loginPath(`${pathname}${search}`, source);
}

import { checkAnswer, type PickResult } from './answer-check';
import { csrfToken } from './csrf';
import { translateServerMessage } from './i18n/translate';
import { withRetry } from './retry';

/** A failed call: the HTTP status (0 for a network failure), the parsed body and its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export type FormFields = Record<string, string | number | boolean | null | undefined>;

export function toForm(fields: FormFields): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form.append(key, String(value));
  }
  return form;
}

async function parse(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A failure's message in the reader's language when it came by code, else the service's text. */
function messageOf(body: unknown, fallback: string): string {
  const translated = translateServerMessage(body);
  if (translated) return translated;
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/**
 * `{errors: {field: [text]}, error_codes: {field: [{code, params}]}}` as text per field, each in the
 * reader's language when its code is known.
 */
export function localizedFieldErrors(body: unknown): Record<string, string[]> {
  const { errors, error_codes: codes } = (body ?? {}) as { errors?: Record<string, unknown>; error_codes?: Record<string, unknown> };
  const out: Record<string, string[]> = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [field, list] of Object.entries(errors)) {
    if (!Array.isArray(list)) continue;
    const coded = Array.isArray(codes?.[field]) ? (codes[field] as unknown[]) : [];
    out[field] = list.filter((text): text is string => typeof text === 'string').map((text, i) => translateServerMessage(coded[i]) ?? text);
  }
  return out;
}

/** How a call's answer is checked: `result` picks the contract schema it must match (answer-check.ts). */
export interface AnswerOptions<T> {
  result?: PickResult<T>;
}

async function request<T>(url: string, init: RequestInit, { result }: AnswerOptions<T> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    throw new ApiError(0, null, error instanceof Error ? error.message : 'Network error');
  }
  const body = await parse(response);
  if (!response.ok) throw new ApiError(response.status, body, messageOf(body, response.statusText || `HTTP ${response.status}`));
  await checkAnswer(url, body, result);
  return body as T;
}

export function apiGet<T>(url: string, options?: AnswerOptions<T>): Promise<T> {
  return request<T>(url, { headers: { Accept: 'application/json' } }, options);
}

/** An unsafe request: form-encoded body and the X-CSRFToken header. */
export function apiPost<T>(url: string, fields: FormFields = {}, options?: AnswerOptions<T>): Promise<T> {
  return request<T>(url, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
      'X-CSRFToken': csrfToken(),
      'X-Requested-With': 'XMLHttpRequest',
    },
    body: toForm(fields),
  }, options);
}

/** `GET {path}?__a=1`: the JSON a client route's screen needs, retried per spec 002 §8. */
export function pageDataUrl(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}__a=1`;
}

export function fetchPageData<T>(path: string, options?: AnswerOptions<T>): Promise<T> {
  return withRetry(() => apiGet<T>(pageDataUrl(path), options));
}

/** First error text of a `{errors: {field: [msg]}}` answer, else its message, else the fallback. */
export function firstServerError(error: unknown, fallback: string): string {
  const body = error instanceof ApiError ? error.body : null;
  for (const list of Object.values(localizedFieldErrors(body))) {
    if (list[0]) return list[0];
  }
  if (error instanceof ApiError && error.status !== 0 && error.message) return messageOf(body, fallback);
  return fallback;
}

export function fieldErrorsOf(error: unknown): Record<string, string> {
  const body = error instanceof ApiError ? error.body : null;
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(localizedFieldErrors(body))) {
    if (list[0]) out[field] = list[0];
  }
  return out;
}

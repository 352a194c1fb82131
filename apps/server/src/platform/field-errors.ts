import { messageText, type CodedMessage, type FieldErrorCodes, type MessageCode, type MessageParams } from '@shutter/contract';
import { badRequest } from './errors.js';

/**
 * A form's problems, per field, as text (`errors`, what clients show as it is) and by code
 * (`error_codes`, what the web client translates).
 */
export function fieldProblems() {
  const errors: Record<string, string[]> = {};
  const error_codes: FieldErrorCodes = {};
  return {
    add(field: string, code: MessageCode | CodedMessage, params?: MessageParams) {
      const m: CodedMessage = typeof code === 'string' ? { code, ...(params ? { params } : {}) } : code;
      (errors[field] ??= []).push(messageText(m));
      (error_codes[field] ??= []).push(m);
    },
    has: (field: string) => field in errors,
    get empty() {
      return Object.keys(errors).length === 0;
    },
    body: () => ({ errors, error_codes }),
    /** A 400 with the first problem as its message, and every field's. */
    toError() {
      const [field] = Object.keys(error_codes);
      const first = field ? error_codes[field]![0]! : undefined;
      return badRequest(first ? messageText(first) : 'Bad request.', { ...(first ? { code: first.code, params: first.params } : {}), errors, error_codes });
    },
  };
}
export type FieldProblems = ReturnType<typeof fieldProblems>;

/** A 400 about one field. */
export function fieldError(field: string, code: MessageCode, params?: MessageParams) {
  const problems = fieldProblems();
  problems.add(field, code, params);
  return problems.toError();
}

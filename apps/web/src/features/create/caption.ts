import { CAPTION_MAX_LENGTH, MAX_HASHTAGS } from '@shutter/contract';

/** The server's rules (apps/server/src/features/posts/caption.ts): distinct tags, "#1" is not one. */
const HASHTAG = /(?:^|[^\p{L}\p{N}_&#])#([\p{L}\p{N}_]{1,100})/gu;

export function countHashtags(text: string): number {
  const tags = new Set<string>();
  for (const match of text.matchAll(HASHTAG)) {
    const tag = match[1]!.toLowerCase();
    if (!/^\d+$/.test(tag)) tags.add(tag);
  }
  return tags.size;
}

export type CaptionProblem = 'tooLong' | 'tooManyHashtags' | null;

/** Characters are counted as the server counts them (UTF-16 units, like String.length). */
export function captionProblem(text: string): CaptionProblem {
  if (text.length > CAPTION_MAX_LENGTH) return 'tooLong';
  if (countHashtags(text) > MAX_HASHTAGS) return 'tooManyHashtags';
  return null;
}

export interface MentionToken {
  trigger: '@' | '#';
  /** What was typed after the trigger. */
  query: string;
  /** Index of the trigger character. */
  start: number;
}

const AT_CARET = /(^|[^\p{L}\p{N}_.@#&])([@#])([\p{L}\p{N}_.]{0,30})$/u;

/** The `@name` or `#tag` being typed just before the caret, or null. */
export function tokenAtCaret(text: string, caret: number): MentionToken | null {
  const match = AT_CARET.exec(text.slice(0, caret));
  if (!match) return null;
  const trigger = match[2] as '@' | '#';
  const query = match[3]!;
  // Usernames may hold periods; hashtags stop at one.
  if (trigger === '#' && query.includes('.')) return null;
  return { trigger, query, start: match.index + match[1]!.length };
}

/** Replaces the token with the chosen name and a space; returns the text and the new caret. */
export function insertSuggestion(text: string, caret: number, token: MentionToken, value: string): { text: string; caret: number } {
  const before = `${text.slice(0, token.start)}${token.trigger}${value} `;
  const after = text.slice(caret).replace(/^\S*\s?/, '');
  return { text: before + after, caret: before.length };
}

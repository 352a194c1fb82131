import { COMMENT_KEYWORD_MAX_CHARS, COMMENT_KEYWORDS_MAX } from '@shutter/contract';

export type KeywordsResult = { ok: true; keywords: string[] } | { ok: false; message: string };

/** Case and width folded, so that "ＩＤＩＯＴ" and "Idiot" are the same word. */
export const foldText = (text: string): string => text.normalize('NFKC').toLocaleLowerCase('en');

/** The keyword field: comma-separated, trimmed, empty ones dropped, duplicates (folded) kept once, in order. */
export function parseKeywords(raw: string): KeywordsResult {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const part of raw.split(/[,\n]/)) {
    const word = part.trim().replace(/\s+/g, ' ');
    if (!word) continue;
    if (word.length > COMMENT_KEYWORD_MAX_CHARS) {
      return { ok: false, message: `Keywords can be at most ${COMMENT_KEYWORD_MAX_CHARS} characters long ("${word.slice(0, 20)}…" is longer).` };
    }
    const key = foldText(word);
    if (seen.has(key)) continue;
    seen.add(key);
    keywords.push(word);
  }
  if (keywords.length > COMMENT_KEYWORDS_MAX) return { ok: false, message: `You can add at most ${COMMENT_KEYWORDS_MAX} keywords; this list has ${keywords.length}.` };
  return { ok: true, keywords };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether the text holds one of the words as a whole word or phrase (not inside another word:
 * "class" does not hold "ass"). Built once per list.
 */
export function wordMatcher(words: readonly string[]): (text: string) => boolean {
  const parts = words.map(foldText).map((w) => w.trim()).filter(Boolean).map(escape);
  if (parts.length === 0) return () => false;
  const re = new RegExp(`(?:^|[^\\p{L}\\p{N}_])(?:${parts.join('|')})(?=$|[^\\p{L}\\p{N}_])`, 'u');
  return (text) => re.test(foldText(text));
}

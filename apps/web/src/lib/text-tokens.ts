/** A caption or comment split into plain text, #hashtags and @mentions (the server's rules). */
export type TextToken =
  | { kind: 'text'; text: string }
  | { kind: 'tag'; text: string; tag: string }
  | { kind: 'mention'; text: string; username: string };

const PATTERN = /(^|[^\p{L}\p{N}_&#@.])([#@])([\p{L}\p{N}_.]{1,100})/gu;
const TAG_BODY = /^[\p{L}\p{N}_]{1,100}/u;
const MENTION_BODY = /^[A-Za-z0-9._]{1,30}/;

export function tokenizeText(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  let plainStart = 0;
  const pushText = (end: number) => {
    if (end > plainStart) tokens.push({ kind: 'text', text: text.slice(plainStart, end) });
  };
  for (const match of text.matchAll(PATTERN)) {
    const sigil = match[2];
    const start = (match.index ?? 0) + match[1].length;
    const body = (sigil === '#' ? TAG_BODY : MENTION_BODY).exec(match[3])?.[0] ?? '';
    // "@ana." ends a sentence: the period is not part of the username.
    const name = sigil === '@' ? body.replace(/\.+$/, '') : body;
    if (!name || (sigil === '#' && /^\d+$/.test(name))) continue;
    pushText(start);
    const tokenText = `${sigil}${name}`;
    tokens.push(sigil === '#' ? { kind: 'tag', text: tokenText, tag: name.toLowerCase() } : { kind: 'mention', text: tokenText, username: name });
    plainStart = start + tokenText.length;
  }
  pushText(text.length);
  return tokens;
}

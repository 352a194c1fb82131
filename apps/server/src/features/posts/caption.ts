import { MENTIONS_NOTIFIED_MAX } from '@shutter/contract';

/** Hashtags and mentions in a caption or comment, as stored for search and notifications. */
const HASHTAG = /(?:^|[^\p{L}\p{N}_&#])#([\p{L}\p{N}_]{1,100})/gu;
const MENTION = /(?:^|[^\p{L}\p{N}_.@])@([A-Za-z0-9._]{1,30})/gu;

/** Distinct hashtags, lower-cased, in order of first appearance. */
export function extractHashtags(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(HASHTAG)) {
    const tag = m[1]!.toLowerCase();
    if (!/^\d+$/.test(tag)) out.add(tag); // "#1" is a number, not a tag
  }
  return [...out];
}

/** Distinct mentioned usernames, lower-cased, trailing periods dropped ("@ana." ends a sentence). */
/** The people a caption or comment notifies: its first MENTIONS_NOTIFIED_MAX distinct mentions. */
export const mentionsToNotify = (text: string): string[] => extractMentions(text).slice(0, MENTIONS_NOTIFIED_MAX);

export function extractMentions(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(MENTION)) {
    const name = m[1]!.replace(/\.+$/, '').toLowerCase();
    if (name) out.add(name);
  }
  return [...out];
}

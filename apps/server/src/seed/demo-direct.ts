import type { Db } from '../db/database.js';
import { createIdGenerator, decomposeId } from '../platform/ids.js';
import { pairKeyOf } from '../features/direct/repository.js';

const HOUR = 3600 * 1000;

interface Line {
  from: string;
  text?: string;
  /** Share this sender's newest post instead of text. */
  sharePostOf?: string;
  /** An action line ("alice named the group ..."). */
  action?: string;
  hoursAgo: number;
}

interface Conversation {
  members: string[];
  title?: string;
  /** Who reads it as a request (they do not follow the first sender). */
  pending?: string;
  /** Who has not read the last lines yet. */
  unseenBy?: string[];
  lines: Line[];
}

/**
 * The demo world's conversations: alice has an unread one-to-one with bob, a read one with carol,
 * a group with a fresh message, and a request from an account she does not follow.
 */
const CONVERSATIONS: Conversation[] = [
  {
    members: ['alice', 'bob'],
    unseenBy: ['alice'],
    lines: [
      { from: 'bob', text: 'Are you going to the darkroom open day on Saturday?', hoursAgo: 30 },
      { from: 'alice', text: 'Yes! I have two rolls of Portra to develop.', hoursAgo: 29.5 },
      { from: 'bob', text: 'Bring them, I will bring the chemistry.', hoursAgo: 29 },
      { from: 'alice', text: 'Deal ☕', hoursAgo: 28.8 },
      { from: 'bob', sharePostOf: 'carol', hoursAgo: 2 },
      { from: 'bob', text: 'Carol is baking for the open day too 😍', hoursAgo: 1.9 },
    ],
  },
  {
    members: ['alice', 'carol'],
    lines: [
      { from: 'carol', text: 'Thank you for the photos of the cake!', hoursAgo: 50 },
      { from: 'alice', text: 'It was a pleasure. That glaze was unreal.', hoursAgo: 49 },
      { from: 'carol', text: 'Next time: croissants.', hoursAgo: 48 },
      { from: 'alice', text: 'I will hold you to that 🥐', hoursAgo: 47 },
    ],
  },
  {
    members: ['alice', 'bob', 'carol', 'hugo'],
    title: 'Weekend in the Alps',
    unseenBy: ['alice', 'bob'],
    lines: [
      { from: 'alice', action: 'alice named the group Weekend in the Alps', hoursAgo: 72 },
      { from: 'alice', text: 'Who is in for the Col du Galibier?', hoursAgo: 71.9 },
      { from: 'hugo', text: 'Always. I will plan the route.', hoursAgo: 70 },
      { from: 'carol', text: 'I am bringing snacks, not a bike.', hoursAgo: 69 },
      { from: 'hugo', text: 'Route is up: 112 km, 2,600 m of climbing. Leaving at 7.', hoursAgo: 5 },
    ],
  },
  {
    members: ['clay.kiln', 'alice'],
    pending: 'alice',
    unseenBy: ['alice'],
    lines: [
      { from: 'clay.kiln', text: 'Hi Alice, I love your film work. Would you shoot our next kiln opening?', hoursAgo: 8 },
    ],
  },
];

/** Seeds the conversations above; the accounts and posts are already there. */
export async function seedDemoDirect(db: Db, shardId = 0): Promise<number> {
  const names = [...new Set(CONVERSATIONS.flatMap((c) => c.members))];
  const users = await db.selectFrom('users').select(['id', 'username']).where('username', 'in', names).execute();
  const idOf = new Map(users.map((u) => [u.username, u.id]));
  if (idOf.size !== names.length) return 0;
  const now = Date.now();
  let clock = now;

  let threads = 0;
  for (const c of CONVERSATIONS) {
    const memberIds = c.members.map((name) => idOf.get(name)!);
    clock = now - c.lines[0]!.hoursAgo * HOUR - 60_000;
    // Ids follow their clock forwards only: each conversation, older than the one before, gets its own.
    const nextId = createIdGenerator(shardId, () => clock);
    const threadId = nextId();
    const items: { id: string; thread_id: string; user_id: string; item_type: string; text: string | null; payload: string | null; media_id: string | null; client_context: null }[] = [];
    for (const line of c.lines) {
      clock = now - line.hoursAgo * HOUR;
      if (!line.text && !line.action && !line.sharePostOf) continue;
      const userId = idOf.get(line.from)!;
      let mediaId: string | null = null;
      if (line.sharePostOf) {
        const post = await db.selectFrom('media').select('id').where('owner_id', '=', idOf.get(line.sharePostOf)!).orderBy('id', 'desc').executeTakeFirst();
        mediaId = post?.id ?? null;
        if (!mediaId) continue;
      }
      const type = line.action ? 'action_log' : mediaId ? 'media_share' : 'text';
      items.push({
        id: nextId(), thread_id: threadId, user_id: userId, item_type: type,
        text: line.action || mediaId ? null : line.text ?? null,
        payload: line.action ? JSON.stringify({ description: line.action }) : null,
        media_id: mediaId, client_context: null,
      });
    }
    const last = items[items.length - 1]!;
    const timeOf = (id: string) => new Date(decomposeId(id).timestampMs);
    const lastPermanent = [...items].reverse().find((i) => i.item_type !== 'action_log')!;
    const lastAt = timeOf(last.id);
    await db.insertInto('direct_threads').values({
      id: threadId, is_group: c.members.length > 2, title: c.title ?? null, creator_id: memberIds[0]!,
      pair_key: c.members.length > 2 ? null : pairKeyOf(memberIds[0]!, memberIds[1]!),
      last_activity_at: lastAt, last_item_id: last.id,
      last_permanent_item_id: lastPermanent.id, last_permanent_user_id: lastPermanent.user_id,
    }).execute();
    await db.insertInto('direct_items').values(items).execute();
    // A reader who has not caught up saw the thread up to the line before the last; everyone else saw it all.
    const seenBefore = items[items.length - 2] ?? null;
    await db.insertInto('direct_members').values(c.members.map((name, i) => {
      const unseen = c.unseenBy?.includes(name) ?? false;
      const seen = unseen ? seenBefore : last;
      return {
        thread_id: threadId, user_id: memberIds[i]!, state: c.pending === name ? 'pending' as const : 'active' as const,
        is_admin: c.members.length > 2 && i === 0,
        last_seen_item_id: seen && c.pending !== name ? seen.id : null,
        last_seen_at: seen && c.pending !== name ? timeOf(seen.id) : null,
        activity_at: lastAt,
      };
    })).execute();
    threads += 1;
  }
  return threads;
}

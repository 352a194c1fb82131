import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Db } from '../../db/database.js';
import { decomposeId } from '../../platform/ids.js';
import { createSessionRepository } from '../../platform/session.repository.js';
import { idToShortcode } from '../../platform/shortcodes.js';
import type { Storage } from '../../platform/storage.js';
import { createAccountsLeavingRepository } from '../accounts/leaving.repository.js';
import { createCommentsLeavingRepository } from '../comments/leaving.repository.js';
import { createDirectLeavingRepository, photoKeys } from '../direct/leaving.repository.js';
import { followEdges } from '../friendships/leaving.repository.js';
import { createPostsLeavingRepository } from '../posts/leaving.repository.js';
import { recentSearchesOf } from '../search/leaving.repository.js';
import { createStoriesLeavingRepository } from '../stories/leaving.repository.js';

const README = `Your Shutter data

This archive holds what you shared and did on Shutter:

  profile.json                   your profile and account details
  posts/posts.json, posts/media/ your posts, with their photos and videos
  comments.json                  the comments you wrote
  likes.json                     the posts you liked
  followers_and_following.json   who follows you and whom you follow
  stories/stories.json, stories/media/, stories/highlights.json
                                 your stories (their photos and videos) and highlights
  messages/messages.json, messages/media/
                                 your conversations: your messages and the messages written to you
  searches.json                  your search history
  login_activity.json            where your account is logged in

Other people appear only by their username. Nothing else of theirs is in this archive.
`;

const sentAt = (id: string) => new Date(decomposeId(id).timestampMs).toISOString();
const extOf = (key: string) => path.extname(key) || '.bin';

/** The largest image of a post's or story's item: what the person uploaded, as near as it is kept. */
const largest = (variants: { key: string; width: number }[]) => [...variants].sort((a, b) => b.width - a.width)[0]?.key ?? null;

export interface ArchiveDeps {
  db: Db;
  storage: Pick<Storage, 'localPath'>;
  /** People's usernames, by id: the one thing of others an archive names. */
  usernames: (ids: string[]) => Promise<Map<string, string>>;
}

/**
 * "Download your data": the person's own things, and of anyone else only the username. Written to
 * `file` as a zip.
 */
export async function writeArchive(deps: ArchiveDeps, userId: string, file: string): Promise<void> {
  const { db, storage } = deps;
  const zip = new yazl.ZipFile();
  const json = (name: string, value: unknown) => zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2)), name);
  const addMedia = async (key: string | null, name: string): Promise<string | null> => {
    if (!key || key.startsWith('pending:')) return null;
    const local = await storage.localPath(key).catch(() => null);
    if (!local || !fs.existsSync(local)) return null;
    zip.addFile(local, name + extOf(key));
    return name + extOf(key);
  };

  const profile = await createAccountsLeavingRepository(db).profile(userId);
  if (!profile) throw new Error('no such account');
  const edges = await followEdges(db, userId);
  const postsRepo = createPostsLeavingRepository(db);
  const [posts, likes, comments, stories, highlights, searches, sessions, threads] = await Promise.all([
    postsRepo.postsOf(userId), postsRepo.likesOf(userId), createCommentsLeavingRepository(db).commentsOf(userId),
    createStoriesLeavingRepository(db).storiesOf(userId), createStoriesLeavingRepository(db).highlightsOf(userId),
    recentSearchesOf(db, userId), createSessionRepository(db).listForUser(userId, 1000, null), createDirectLeavingRepository(db).threadsOf(userId),
  ]);
  const items = await createDirectLeavingRepository(db).itemsOf(threads.map((t) => t.id));
  const names = await deps.usernames([
    ...edges.followers, ...edges.following, ...likes.map((l) => l.owner_id), ...threads.flatMap((t) => t.member_ids),
    ...searches.filter((s) => s.kind === 'user').map((s) => s.entity_id),
  ]);
  const nameOf = (id: string) => (id === userId ? profile.username : names.get(id) ?? null);

  const { profile_pic_key, ...own } = profile;
  json('profile.json', { ...own, profile_picture: await addMedia(profile_pic_key, 'media/profile_picture') });

  const postsOut = [];
  for (const p of posts) {
    const shortcode = idToShortcode(p.id);
    const files = [];
    for (const it of p.items) {
      files.push({ kind: it.kind, alt_text: it.accessibility_caption, file: await addMedia(it.video_key ?? largest(it.variants), `posts/media/${shortcode}_${it.position}`) });
    }
    postsOut.push({ shortcode, caption: p.caption, alt_text: p.accessibility_caption, created_at: p.created_at, like_count: p.like_count, comment_count: p.comment_count, items: files });
  }
  json('posts/posts.json', postsOut);
  json('comments.json', comments.map((c) => ({ text: c.text, post: idToShortcode(c.media_id), reply: c.parent_id !== null, created_at: c.created_at })));
  json('likes.json', likes.map((l) => ({ post: idToShortcode(l.media_id), owner: nameOf(l.owner_id), liked_at: sentAt(l.like_id) })));
  json('followers_and_following.json', { followers: edges.followers.map(nameOf).filter(Boolean), following: edges.following.map(nameOf).filter(Boolean) });

  const storiesOut = [];
  for (const s of stories) {
    storiesOut.push({ id: s.id, kind: s.kind, audience: s.audience, taken_at: s.taken_at, expiring_at: s.expiring_at, file: await addMedia(s.video_key ?? largest(s.variants), `stories/media/${s.id}`) });
  }
  json('stories/stories.json', storiesOut);
  json('stories/highlights.json', highlights.map((h) => ({ title: h.title, created_at: h.created_at, cover_story: h.cover_story_id, stories: h.story_ids })));

  const itemsByThread = new Map<string, typeof items>();
  for (const it of items) {
    const list = itemsByThread.get(it.thread_id);
    if (list) list.push(it);
    else itemsByThread.set(it.thread_id, [it]);
  }
  const threadsOut = [];
  for (const t of threads) {
    const messages = [];
    for (const it of itemsByThread.get(t.id) ?? []) {
      const mine = it.user_id === userId;
      const photo = mine && it.item_type === 'media' ? photoKeys((it.payload as { photo?: unknown } | null)?.photo)[0] ?? null : null;
      messages.push({ sender: nameOf(it.user_id), type: it.item_type, text: it.text, sent_at: sentAt(it.id), ...(mine && photo ? { file: await addMedia(photo, `messages/media/${it.id}`) } : {}) });
    }
    threadsOut.push({ title: t.is_group ? t.title : null, participants: t.member_ids.map(nameOf).filter(Boolean), messages });
  }
  json('messages/messages.json', threadsOut);
  json('searches.json', searches.map((s) => ({ kind: s.kind, searched: s.kind === 'user' ? nameOf(s.entity_id) : s.entity_id, searched_at: s.searched_at })));
  json('login_activity.json', sessions.map((s) => ({ started_at: s.created_at, last_active_at: s.last_active_at, ip: s.ip, device: s.user_agent })));
  zip.addBuffer(Buffer.from(README), 'README.txt');
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(file));
}

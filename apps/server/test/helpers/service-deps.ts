import sharp from 'sharp';
import { createAccessRepository } from '../../src/features/access/repository.js';
import { createAccess } from '../../src/features/access/service.js';
import { createAccountDirectoryReads, createSuggestableReads } from '../../src/features/accounts/directory.repository.js';
import { createAccountsRepository } from '../../src/features/accounts/repository.js';
import { createUserSearch } from '../../src/features/accounts/user-search.js';
import { createUserSummaries } from '../../src/features/accounts/user-summaries.js';
import { createActivityRepository } from '../../src/features/activity/repository.js';
import { createActivity } from '../../src/features/activity/service.js';
import { createAuthService } from '../../src/features/auth/service.js';
import { createTwoFactor } from '../../src/features/auth/two-factor.js';
import { createTwoFactorRepository } from '../../src/features/auth/two-factor.repository.js';
import { createCommentHydrator } from '../../src/features/comments/hydrate.js';
import { createCommentsRepository } from '../../src/features/comments/repository.js';
import { createCommentsService } from '../../src/features/comments/service.js';
import { createDirectories } from '../../src/features/directories/service.js';
import { createExploreReads } from '../../src/features/explore/reads.js';
import { createExploreRepository } from '../../src/features/explore/repository.js';
import { createExplore } from '../../src/features/explore/service.js';
import { createFeedRepository } from '../../src/features/feed/repository.js';
import { createFeedService } from '../../src/features/feed/service.js';
import { createTimelineRepository } from '../../src/features/feed/timeline.repository.js';
import { createTimelines } from '../../src/features/feed/timelines.js';
import { createFollowDirectoryReads } from '../../src/features/friendships/directory.repository.js';
import { createFriendshipsRepository } from '../../src/features/friendships/repository.js';
import { createFriendshipsService } from '../../src/features/friendships/service.js';
import { createHashtagsRepository } from '../../src/features/hashtags/repository.js';
import { createHashtagsService } from '../../src/features/hashtags/service.js';
import { createPlacesRepository } from '../../src/features/places/repository.js';
import { createPlacePostsRepository } from '../../src/features/places/posts.repository.js';
import { createPlacePosts } from '../../src/features/places/posts.js';
import { createPlaces } from '../../src/features/places/service.js';
import { createMediaHydrator } from '../../src/features/posts/hydrate.js';
import { createLikedBy } from '../../src/features/posts/liked-by.js';
import { createPostsRepository } from '../../src/features/posts/repository.js';
import { createPostsService } from '../../src/features/posts/service.js';
import { createPostSummaries } from '../../src/features/posts/summaries.js';
import { createUploads } from '../../src/features/posts/uploads.js';
import { createProfilePosts } from '../../src/features/profiles/posts.js';
import { createProfilesRepository } from '../../src/features/profiles/repository.js';
import { createProfiles } from '../../src/features/profiles/service.js';
import { createSearchRepository } from '../../src/features/search/repository.js';
import { createSearch } from '../../src/features/search/service.js';
import { createStoriesRepository } from '../../src/features/stories/repository.js';
import { createStoryRings } from '../../src/features/stories/rings.js';
import { createStories } from '../../src/features/stories/service.js';
import { createSuggestionsRepository } from '../../src/features/suggestions/repository.js';
import { createSuggestions } from '../../src/features/suggestions/service.js';
import { createTabsRepository } from '../../src/features/tabs/repository.js';
import { createProfileTabs } from '../../src/features/tabs/service.js';
import { createIdGenerator } from '../../src/platform/ids.js';
import { createSessionStore } from '../../src/platform/session-store.js';
import { createSummaryCaches } from '../../src/platform/summary-cache.js';
import type { TestApp } from './test-app.js';

let generator = 3900;

/**
 * Every feature service over a test app's database, storage and queue, put together as app.ts
 * puts them together, for the service tier (no HTTP). Its caches are its own (not the app's), so a
 * write through it is read back through it.
 */
export function servicesOver(t: TestApp) {
  const { db, storage } = t;
  const nextId = createIdGenerator((generator += 1) % 8192);
  const caches = createSummaryCaches({ prefix: `${t.redisPrefix}:svc${generator}`, log: { warn: () => undefined } as never });
  const users = createAccountsRepository(db);
  const sessions = createSessionStore(db, nextId, users.sessionUser);
  const auth = createAuthService(users, sessions, nextId, createTwoFactor(createTwoFactorRepository(db), users));
  const rings = createStoryRings(db);
  const activity = createActivity(createActivityRepository(db), storage, nextId, rings);
  const suggestions = createSuggestions(createSuggestionsRepository(db), storage, rings);
  const access = createAccess(createAccessRepository(db));
  const userSummaries = createUserSummaries(db, caches);
  const places = createPlaces(createPlacesRepository(db), nextId);
  const postSummaries = createPostSummaries(db, caches, userSummaries, places);
  const commentHydrator = createCommentHydrator(db, storage, access);
  const hydrate = createMediaHydrator(db, storage, commentHydrator, access, postSummaries, rings);
  const postsRepo = createPostsRepository(db);
  const feedRepo = createFeedRepository(db);
  const timelines = createTimelines(createTimelineRepository(db), feedRepo, t.queue);
  const posts = createPostsService(postsRepo, hydrate, storage, nextId, activity, timelines, postSummaries, places);
  const uploads = createUploads(postsRepo, storage, t.queue, postSummaries);
  const friendships = createFriendshipsService(createFriendshipsRepository(db), access, storage, nextId, activity, timelines, userSummaries, rings);
  const hashtags = createHashtagsService(createHashtagsRepository(db), hydrate, postSummaries, storage, access);
  const feed = createFeedService(hydrate, access, timelines, hashtags.forFeedPage);
  const profilePosts = createProfilePosts(createProfilesRepository(db), hydrate, access);
  const likedBy = createLikedBy(postsRepo, posts, access, storage, rings);
  const placePosts = createPlacePosts(createPlacePostsRepository(db), places, hydrate);
  const comments = createCommentsService(createCommentsRepository(db), posts, commentHydrator, access, storage, nextId, activity, {
    idsOfUsernames: async (names) => (await postsRepo.usersByUsernames(names)).map((u) => u.id),
  }, rings);
  const tabs = createProfileTabs(createTabsRepository(db), hydrate, access, nextId, posts);
  const explore = createExplore({ repo: createExploreRepository(db), reads: createExploreReads(db), hydrate, posts, nextId, onError: () => undefined });
  const search = createSearch({
    repo: createSearchRepository(db), users: createUserSearch(db), suggestions, storage, rings,
    sources: { hashtags: hashtags.search, places: places.search, popularHashtags: hashtags.popular },
    recentSources: { hashtagsByName: hashtags.hits, placesById: places.hits },
  });
  const stories = createStories({
    repo: createStoriesRepository(db), uploads, storage, nextId, access, places, activity, userSummaries,
  });
  const profiles = createProfiles({ users, access, posts: profilePosts, tabs, storage, rings });
  const directories = createDirectories({
    accounts: createAccountDirectoryReads(db), suggestable: createSuggestableReads(db), hashtags: hashtags.directory,
    follows: createFollowDirectoryReads(db), users, access, userSummaries, storage, onError: () => undefined,
  });
  return {
    nextId, users, sessions, auth, rings, activity, suggestions, access, userSummaries, places, postSummaries, posts, uploads,
    friendships, hashtags, feed, profilePosts, likedBy, placePosts, comments, tabs, explore, search, stories, profiles, directories, timelines,
  };
}
export type Services = ReturnType<typeof servicesOver>;

/** Test data straight into the database, the way the service tier's suites make it. */
export function seeding(t: TestApp, s: Pick<Services, 'posts' | 'nextId'>) {
  let picture: Buffer | null = null;
  return {
    /** A new id, for rows a test writes itself. */
    id: () => s.nextId(),

    /** An account with no password to check (username: the name and the id's end). */
    async user(name: string, opts: { private?: boolean; fullName?: string } = {}): Promise<string> {
      const id = s.nextId();
      const username = `${name}${id.slice(-6)}`.toLowerCase();
      await t.db.insertInto('users').values({
        id, username, username_lower: username, email: `${username}@example.org`, email_lower: `${username}@example.org`, password_hash: 'x',
        is_private: opts.private ?? false, full_name: opts.fullName ?? '',
      }).execute();
      return id;
    },

    async username(id: string): Promise<string> {
      return (await t.db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
    },

    /** A photo upload of the account's, as the upload route leaves it, with a real picture in storage. */
    async upload(ownerId: string): Promise<string> {
      const uploadId = `${Date.now()}${s.nextId().slice(-6)}`;
      picture ??= await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 140, b: 90 } } }).jpeg().toBuffer();
      const key = `test/${ownerId}/${uploadId}_64.jpg`;
      await t.storage.put(key, picture);
      await t.db.insertInto('uploads').values({
        upload_id: uploadId, owner_id: ownerId, kind: 'image', status: 'ready', width: 64, height: 64, thumbhash: null,
        variants: JSON.stringify([{ width: 64, height: 64, key }]), video_key: null, poster_key: null, source_key: null, duration_ms: null, error: null, media_id: null,
      }).execute();
      return uploadId;
    },

    /** A photo post published through the posts service (its caption's hashtags, tags and mentions as given). */
    async post(ownerId: string, opts: { caption?: string; hashtags?: string[]; usertags?: string[]; place?: { id: string } | { name: string } } = {}): Promise<string> {
      const uploadId = await this.upload(ownerId);
      const node = await s.posts.publish(ownerId, {
        caption: opts.caption ?? '', hashtags: opts.hashtags ?? [], place: opts.place ?? null,
        items: [{ uploadId, alt: null, usertags: (opts.usertags ?? []).map((user_id) => ({ user_id, x: 0.5, y: 0.5 })) }],
      });
      return node.id;
    },
  };
}

import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ADMIN_API, CONFIRM_PHONE_LIMIT_PER_ACCOUNT, PASSWORD_CHANGE_LIMIT } from '@shutter/contract';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { registerAccountRoutes } from './features/accounts/routes.js';
import { registerConfirmationRoutes } from './features/accounts/confirmation-routes.js';
import { createEmailConfirmation } from './features/accounts/email-confirmation.js';
import { createPhoneConfirmation } from './features/accounts/phone-confirmation.js';
import { createPasswordReset } from './features/accounts/password-reset.js';
import { createProfileEdit } from './features/accounts/profile-edit.js';
import { registerProfileRoutes } from './features/accounts/profile-routes.js';
import { registerAuthRoutes } from './features/auth/routes.js';
import { registerLoginFormPost } from './features/auth/login-form.routes.js';
import { registerOidc } from './features/auth/oidc-routes.js';
import { registerParentalConsentRoutes } from './features/auth/parental-consent-routes.js';
import { createParentalConsent } from './features/auth/parental-consent.js';
import { createSignupPhone } from './features/auth/signup-phone.js';
import { registerSignupPhoneRoutes } from './features/auth/signup-phone-routes.js';
import { createLoginPlaces } from './features/auth/login-places.js';
import { registerLoginPlacesRoutes } from './features/auth/login-places-routes.js';
import { createAuthService } from './features/auth/service.js';
import { createOneTap } from './features/auth/one-tap.js';
import { createOneTapRepository } from './features/auth/one-tap.repository.js';
import { registerOneTapRoutes } from './features/auth/one-tap.routes.js';
import { createTwoFactor } from './features/auth/two-factor.js';
import { createTwoFactorRepository } from './features/auth/two-factor.repository.js';
import { createTwoFactorSms } from './features/auth/two-factor-sms.js';
import { createCaptcha, createLoginCaptcha } from './features/auth/captcha.js';
import { createCaptchaStore } from './features/auth/captcha-store.js';
import { createCommentHydrator } from './features/comments/hydrate.js';
import { createCommentsRepository } from './features/comments/repository.js';
import { registerCommentRoutes } from './features/comments/routes.js';
import { createCommentsService } from './features/comments/service.js';
import { registerDevRoutes } from './features/dev/routes.js';
import { registerActivityRoutes } from './features/activity/routes.js';
import { createActivity } from './features/activity/service.js';
import { createActivityRepository } from './features/activity/repository.js';
import { registerSuggestionRoutes } from './features/suggestions/routes.js';
import { createSuggestions } from './features/suggestions/service.js';
import { createSuggestionsRepository } from './features/suggestions/repository.js';
import { registerTagRoutes } from './features/tabs/routes.js';
import { createProfileTabs } from './features/tabs/service.js';
import { createTabsRepository } from './features/tabs/repository.js';
import { createFeedRepository } from './features/feed/repository.js';
import { createPreparedAnswers } from './platform/prepared-answers.js';
import type { InboxPage } from './features/direct/prepared-inbox.js';
import { createRememberedVisibility } from './features/access/remembered-visibility.js';
import { createFeedService, type FeedPage } from './features/feed/service.js';
import { createLikedBy } from './features/posts/liked-by.js';
import { postQueries } from './features/posts/queries.js';
import { createProfilePosts } from './features/profiles/posts.js';
import { profileQueries } from './features/profiles/queries.js';
import { createProfilesRepository } from './features/profiles/repository.js';
import { createPlacePosts } from './features/places/posts.js';
import { createPlacePostsRepository } from './features/places/posts.repository.js';
import { placeQueries } from './features/places/queries.js';
import { createTimelineRepository } from './features/feed/timeline.repository.js';
import { createTimelines, FAN_OUT_JOB, type TimelineOptions } from './features/feed/timelines.js';
import { hashtagPages } from './features/hashtags/pages.js';
import { hashtagQueries } from './features/hashtags/queries.js';
import { createHashtagsRepository } from './features/hashtags/repository.js';
import { registerHashtagRoutes } from './features/hashtags/routes.js';
import { createHashtagsService } from './features/hashtags/service.js';
import { registerPageRoutes } from './platform/web/pages.js';
import { combineQueries, registerQueryDispatcher } from './platform/web/queries.js';
import { createShellRenderer } from './platform/web/html.js';
import { createServerEntryLoader } from './platform/web/server-render.js';
import { createSharedData } from './platform/web/shared-data.js';
import { authQueries } from './features/auth/queries.js';
import { authPages, homeLanding } from './features/auth/pages.js';
import { feedQueries } from './features/feed/queries.js';
import { feedPages } from './features/feed/pages.js';
import { commentQueries } from './features/comments/queries.js';
import { friendshipQueries } from './features/friendships/queries.js';
import { tabQueries } from './features/tabs/queries.js';
import { activityQueries } from './features/activity/queries.js';
import { activityPages } from './features/activity/pages.js';
import { suggestionQueries } from './features/suggestions/queries.js';
import { postPages } from './features/posts/pages.js';
import { accountPages, editProfileData } from './features/accounts/pages.js';
import { createProfiles } from './features/profiles/service.js';
import { createPreparedProfiles } from './features/profiles/prepared-profile.js';
import { profilePages } from './features/profiles/pages.js';
import { createAccountDirectoryReads, createSuggestableReads } from './features/accounts/directory.repository.js';
import { createAccountsRepository } from './features/accounts/repository.js';
import { directoryPages } from './features/directories/pages.js';
import { createDirectories } from './features/directories/service.js';
import { createFollowDirectoryReads } from './features/friendships/directory.repository.js';
import { createAccessRepository } from './features/access/repository.js';
import { createAccess } from './features/access/service.js';
import { createFriendshipsRepository } from './features/friendships/repository.js';
import { registerFriendshipRoutes } from './features/friendships/routes.js';
import { createFriendshipsService } from './features/friendships/service.js';
import { createMediaHydrator } from './features/posts/hydrate.js';
import { createPostSummaries } from './features/posts/summaries.js';
import { createUserSummaries } from './features/accounts/user-summaries.js';
import { createPostsRepository } from './features/posts/repository.js';
import { registerPostRoutes } from './features/posts/routes.js';
import { createPostEdit } from './features/posts/edit.js';
import { createPostEditRepository } from './features/posts/edit.repository.js';
import { registerPostEditRoutes } from './features/posts/edit-routes.js';
import { createPostsService } from './features/posts/service.js';
import { createMediaCachePolicy, registerMediaCacheControl } from './features/posts/media-cache.js';
import { prepareSpoolDir } from './features/posts/multipart.js';
import { createUploads, ENCODE_VIDEO_JOB, UPLOAD_PURGE_EVERY_MS, VIDEO_ENCODES_AT_ONCE } from './features/posts/uploads.js';
import { createPlacesRepository } from './features/places/repository.js';
import { registerPlaceRoutes } from './features/places/routes.js';
import { createPlaces } from './features/places/service.js';
import { placePages } from './features/places/pages.js';
import { registerSearchRoutes } from './features/search/routes.js';
import { createExploreReads } from './features/explore/reads.js';
import { createExploreRepository } from './features/explore/repository.js';
import { createExplore, type ExplorePage } from './features/explore/service.js';
import { registerExploreRoutes } from './features/explore/routes.js';
import { exploreQueries } from './features/explore/queries.js';
import { explorePages } from './features/explore/pages.js';
import { createSearchRepository } from './features/search/repository.js';
import { directPages } from './features/direct/pages.js';
import { createStoryRings } from './features/stories/rings.js';
import { registerStoriesArea } from './features/stories/area.js';
import { registerStoryReads } from './features/stories/reads-area.js';
import type { PreparedTray } from './features/stories/prepared-tray.js';
import { registerDirectArea } from './features/direct/area.js';
import { registerHighlightsArea } from './features/stories/highlights-area.js';
import type { SyncPublisher } from './platform/realtime/types.js';
import { createSearch } from './features/search/service.js';
import { createPeopleIndex } from './features/search/people-index.js';
import { createPreparedHits, createPreparedSearch } from './features/search/prepared-search.js';
import { DEFAULT_AVATAR_SVG } from './platform/default-avatar.js';
import type { IdGenerator } from './platform/ids.js';
import type { SmsSender } from './platform/mail.js';
import { startOutbox } from './app/outbox.js';
import { runEvery, type Queue } from './platform/queue.js';
import { keyedLimit } from './platform/rate-limits.js';
import type { Redis } from './platform/redis.js';
import { cachedSessionStore, createSessionStore } from './platform/session-store.js';
import { createSummaryCaches } from './platform/summary-cache.js';
import { registerSession } from './platform/session.js';
import { serverKey } from './platform/server-keys.js';
import { createRealtime, type RealtimeOptions } from './platform/realtime/index.js';
import type { Storage } from './platform/storage.js';
import { registerClientEventRoutes } from './platform/client-events.js';
import { createTerms } from './features/terms/service.js';
import { registerTermsGate } from './features/terms/gate.js';
import { registerTermsRoutes } from './features/terms/routes.js';
import { createHttpServer, registerHttpPlugins } from './app/http.js';
import { registerWebFiles } from './app/web-files.js';
import { registerReportsArea } from './features/reports/area.js';
import { registerModerationArea } from './features/moderation/area.js';
import { createConnectedAppsArea } from './features/connected-apps/area.js';
import { registerContactImportArea } from './features/contact-import/area.js';
import { registerSettingsArea } from './features/settings/area.js';
import { registerLeavingArea } from './features/leaving/area.js';
import { createDepartures, returningOnLogin } from './features/leaving/departures.js';
import type { PageLoaders } from './platform/web/page-result.js';
import { createInteractionRules } from './features/settings/rules.js';
import { createSettingsRepository } from './features/settings/repository.js';
import { DEFAULT_OFFENSIVE_WORDS } from './features/settings/offensive-words.js';
import { createAppealTokens } from './features/moderation/appeal-token.js';
import { createModerationRepository } from './features/moderation/repository.js';
import { createSuspensionGate } from './features/moderation/suspension.js';

export interface AppDeps {
  config: Config;
  db: Db;
  nextId: IdGenerator;
  storage: Storage;
  /** Background jobs (video encoding, timeline fan-out). */
  queue: Queue;
  /** Run the job workers in this process (the embedded default does). */
  runWorkers?: boolean;
  /**
   * No other process writes to `db`: the embedded database, which one process at a time may open.
   * A kept inbox then needs no read to learn of changes made elsewhere.
   */
  soleWriter?: boolean;
  /** Rate limits and the summaries cache's shared level live in Redis when it is there, in memory otherwise. */
  redis?: Redis;
  /** Prefix of this instance's Redis keys (tests give each suite its own). */
  redisPrefix?: string;
  logger?: boolean | { level: string };
  /** The service's logger (platform/log.ts: readable or JSON lines); it takes the place of `logger`. */
  log?: FastifyBaseLogger;
  /**
   * Check every JSON answer against its route's declared schema (the tests do). Off in production:
   * answers are then only JSON.stringify'd.
   */
  checkAnswers?: boolean;
  /** Where changes of direct threads are told (tests record them); without it, to no one yet. */
  directPublisher?: SyncPublisher;
  /** Thresholds of the written-ahead timelines (tests lower them to reach each path with few accounts). */
  timelines?: Partial<TimelineOptions>;
  /** Where texts (phone confirmation codes) leave; without it they stay in the outbox (see platform/mail.ts). */
  smsSender?: SmsSender;
  /** How often the real-time channel checks its connections' sessions (tests shorten it). */
  realtime?: Pick<RealtimeOptions, 'sessionCheckMs'>;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createHttpServer(deps);
  await registerHttpPlugins(app, deps);
  const base = await startSessions(app, deps);
  const services = await createServices(app, deps);
  await startWorkers(app, deps, services);
  const areas = registerApi(app, deps, base, services);
  const { reports } = await registerReporting(app, deps, base, services);
  registerModerationArea(app, {
    db: deps.db, nextId: deps.nextId, storage: deps.storage, reports, activity: services.activity, userSummaries: services.userSummaries,
    postSummaries: services.postSummaries, appealTokens: base.appealTokens, forgetSessions: base.sessions.forgetUser,
  });
  const leaving = await registerLeaving(app, deps, base, services);
  await serveFiles(app, deps, base);
  registerPages(app, deps, base, services, areas, leaving.pages);
  return app;
}

type Base = Awaited<ReturnType<typeof startSessions>>;
type Services = Awaited<ReturnType<typeof createServices>>;
type Areas = ReturnType<typeof registerApi>;

/** Accounts, sessions and the real-time channel, which every area stands on. */
async function startSessions(app: FastifyInstance, deps: AppDeps) {
  const { config, db, nextId } = deps;
  // Uploads spool beside the data, so that a file moves into local storage without a copy.
  const spoolDir = prepareSpoolDir(path.join(config.dataDir, 'uploads'));
  // People search's index of every account, read once the app is ready (after a first start's seed).
  const people = createPeopleIndex({ db, redis: deps.redis, prefix: deps.redisPrefix ?? 'shutter', log: app.log });
  app.addHook('onReady', async () => {
    const loaded = await people.load();
    app.log.info(loaded, 'people search index loaded');
  });
  app.addHook('onClose', people.close);
  const accounts = createAccountsRepository(db);
  // A new account is found by search at once, on every instance.
  const users: typeof accounts = {
    ...accounts,
    insertUser: async (user) => {
      await accounts.insertUser(user);
      await people.changed([user.id]);
    },
  };
  // A suspended person's sessions end wherever they were made; the session carries the role.
  const appealTokens = createAppealTokens(await serverKey(db, 'appeal'));
  const suspension = createSuspensionGate(createModerationRepository(db), appealTokens);
  // A login brings back an account its person deactivated or asked to delete.
  const departures = createDepartures(db);
  const sessions = returningOnLogin(cachedSessionStore(createSessionStore(db, nextId, suspension.sessionUser)), departures);
  // Apps' access tokens stand for their person like a session does, and end with a suspension too.
  const connectedApps = await createConnectedAppsArea({
    db, nextId, publicUrl: config.publicUrl, proxy: config.trustProxy !== false,
    sessionUser: async (id) => ((await departures.departed(id)) ? undefined : suspension.sessionUser(id)),
    userIdOf: async (username) => (await users.findByUsername(username))?.id,
  });
  registerSession(app, sessions, { csrfKey: await serverKey(db, 'csrf'), secureCookies: new URL(config.publicUrl).protocol === 'https:', bearer: connectedApps.bearer });
  // Right after the session is known: a person with terms waiting meets them before anything else.
  const terms = createTerms(db, { tosVersion: config.tosVersion, gdprRequired: config.gdprRequired });
  const termsPending = registerTermsGate(app, terms);
  // The real-time channel, before the areas that publish on it; its sends fail until an area answers them.
  const realtime = await createRealtime({
    findSession: (token) => sessions.find(token),
    publicUrl: config.publicUrl,
    strictOrigin: config.production,
    redis: deps.redis,
    redisPrefix: deps.redisPrefix ?? 'shutter',
    log: app.log,
    ...deps.realtime,
  });
  realtime.attach(app);

  const outbox = await startOutbox(app, deps);
  const emailConfirmation = createEmailConfirmation(db, outbox, config.publicUrl);
  // A signup stands even when its mail cannot be written: the person can ask for another link.
  const confirmNewEmail = (user: { id: string; username: string; email: string }) =>
    emailConfirmation.send(user).catch((err: unknown) => app.log.error({ err }, 'the confirmation email of a new account failed'));
  const parentalConsent = createParentalConsent(db, outbox, config.publicUrl, nextId);
  const signupPhone = createSignupPhone(db, outbox);
  const oneTapTokens = createOneTapRepository(db);
  // A disavowed login ends, and so do the account's saved one-tap logins: whoever it was may have saved one.
  const loginPlaces = createLoginPlaces(db, outbox, config.publicUrl, async (userId: string, sessionId: string) => {
    await oneTapTokens.forgetAccount(userId);
    return sessions.endForUser(userId, sessionId);
  });
  const signupAge = { rules: { consentAge: config.parentalConsentAge }, consent: parentalConsent, phone: signupPhone, places: loginPlaces, terms, suspension };
  // Two-factor texts have the phone confirmation's budget, per account and per number.
  const twoFactorTexts = createTwoFactorSms(db, outbox, keyedLimit(app, 'two-factor-sms', CONFIRM_PHONE_LIMIT_PER_ACCOUNT));
  const auth = createAuthService(users, sessions, nextId, createTwoFactor(createTwoFactorRepository(db), users, twoFactorTexts), confirmNewEmail, signupAge);
  const oneTap = createOneTap({ repo: oneTapTokens, users, sessions, twoFactor: auth.twoFactor, places: loginPlaces, storage: deps.storage, suspension });
  const captchaStore = createCaptchaStore({ redis: deps.redis, redisPrefix: deps.redisPrefix, log: app.log });
  const captcha = await createCaptcha(db, captchaStore);
  const captchaChecks = { captcha, login: createLoginCaptcha(captcha, captchaStore), atSignup: config.signupCaptcha };
  return { people, departures, connectedApps, spoolDir, users, sessions, realtime, auth, oneTap, outbox, emailConfirmation, captchaChecks, parentalConsent, signupPhone, loginPlaces, terms, termsPending, appealTokens, suspension };
}

/** The areas' services, each given those it uses. */
async function createServices(app: FastifyInstance, deps: AppDeps) {
  const { config, db, nextId, storage } = deps;
  const rings = createStoryRings(db);
  const activity = createActivity(createActivityRepository(db), storage, nextId, rings);
  const suggestions = createSuggestions(createSuggestionsRepository(db), storage, rings);
  const summaryCaches = createSummaryCaches({ redis: deps.redis, prefix: deps.redisPrefix ?? 'shutter', log: app.log });
  const rememberedVisibility = createRememberedVisibility(summaryCaches);
  const access = createAccess(createAccessRepository(db), rememberedVisibility);
  app.addHook('onClose', summaryCaches.close);
  const userSummaries = createUserSummaries(db, summaryCaches);
  const places = createPlaces(createPlacesRepository(db), nextId);
  const postSummaries = createPostSummaries(db, summaryCaches, userSummaries, places);
  const postsRepo = createPostsRepository(db);
  // What people's settings refuse others (mentions, tags, story shares) and hide (presence, filtered comments).
  const rules = createInteractionRules({
    repo: createSettingsRepository(db), followersAmong: access.followersAmong, usersByUsernames: postsRepo.usersByUsernames,
    usernames: async (ids) => new Map([...(await userSummaries.many(ids))].map(([id, u]) => [id, u.username])),
    offensiveWords: [...DEFAULT_OFFENSIVE_WORDS, ...config.commentFilterWords],
  });
  const commentHydrator = createCommentHydrator(db, storage, access, rules);
  const hydrate = createMediaHydrator(db, storage, commentHydrator, access, postSummaries, rings);
  const feedRepo = createFeedRepository(db);
  const preparedFeed = createPreparedAnswers<FeedPage>('feed-prepared', summaryCaches, { posts: postSummaries, people: userSummaries });
  // Every kind of answer kept ready, and the verdicts the access rules remember for them: each is told of every write below.
  const preparedExplore = createPreparedAnswers<ExplorePage>('explore-prepared', summaryCaches, { posts: postSummaries, people: userSummaries });
  const preparedKinds: { wrote(userId: string): Promise<void>; everyone(): Promise<void> }[] = [preparedFeed, preparedExplore, rememberedVisibility];
  const preparedInbox = createPreparedAnswers<InboxPage>('inbox-prepared', summaryCaches, { posts: postSummaries, people: userSummaries });
  preparedKinds.push(preparedInbox);
  const preparedTrays = createPreparedAnswers<PreparedTray>('tray-prepared', summaryCaches, { posts: postSummaries, people: userSummaries });
  preparedKinds.push(preparedTrays);
  const preparedProfiles = createPreparedProfiles(summaryCaches, { posts: postSummaries, people: userSummaries });
  preparedKinds.push(preparedProfiles);
  const preparedSearch = createPreparedSearch(summaryCaches, { posts: postSummaries, people: userSummaries });
  preparedKinds.push(preparedSearch);
  const preparedSearchHits = createPreparedHits(summaryCaches, { posts: postSummaries, people: userSummaries });
  preparedKinds.push(preparedSearchHits);
  // Whoever writes may change their own answers and every answer that shows them (a story, a setting, a save).
  // Before the answer leaves, so that the writer's next read sees it. A moderator's action (a
  // suspension, a limit lifted) reaches every answer its account's comments, likes and tags are on.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    const userId = request.session?.user.id;
    if (request.url.startsWith(ADMIN_API)) await Promise.all(preparedKinds.map((kind) => kind.everyone()));
    else if (userId) await Promise.all(preparedKinds.map((kind) => kind.wrote(userId)));
    return payload;
  });
  // A follow request approved (the owner's write) changes the requester's tray as well as their feed.
  const timelineChanges = {
    everyone: preparedFeed.everyone,
    viewersChanged: async (...ids: string[]) => { await Promise.all([preparedFeed.viewersChanged(...ids), preparedTrays.viewersChanged(...ids)]); },
  };
  const timelines = createTimelines(createTimelineRepository(db), feedRepo, deps.queue, deps.timelines, timelineChanges);
  const posts = createPostsService(postsRepo, hydrate, storage, nextId, activity, timelines, postSummaries, places, rules);
  const uploads = createUploads(postsRepo, storage, deps.queue, postSummaries);
  const friendships = createFriendshipsService(createFriendshipsRepository(db), access, storage, nextId, activity, timelines, userSummaries, rings,
    // A block or an unblock also takes the one-to-one thread across it out of, or back into, both inboxes.
    // A block lifted (the blocker's write) brings them back into the other's searches too.
    async (ids) => { await Promise.all([...ids.flatMap((id) => [preparedProfiles.wrote(id), preparedSearch.wrote(id)]), preparedInbox.viewersChanged(...ids)]); });
  // A video post or story that finished encoding shows on its owner's profile, though no one wrote.
  uploads.onEncoded(async (upload) => { await Promise.all([preparedProfiles.wrote(upload.owner_id), preparedSearch.wrote(upload.owner_id), preparedSearchHits.wrote(upload.owner_id)]); });
  const hashtags = createHashtagsService(createHashtagsRepository(db), hydrate, postSummaries, storage, access);
  // The operator's list is the whole truth while it is set; unset, the marks stay as stored.
  if (config.sensitiveHashtags) await hashtags.setSensitive(config.sensitiveHashtags);
  const feed = createFeedService(hydrate, access, timelines, hashtags.forFeedPage, preparedFeed);
  const likedBy = createLikedBy(postsRepo, posts, access, storage, rings);
  const profilePosts = createProfilePosts(createProfilesRepository(db), hydrate, access);
  const placePosts = createPlacePosts(createPlacePostsRepository(db), places, hydrate);
  const comments = createCommentsService(createCommentsRepository(db), posts, commentHydrator, access, storage, nextId, activity, {
    idsOfUsernames: async (names) => (await postsRepo.usersByUsernames(names)).map((u) => u.id),
  }, rings, rules);
  return {
    rings, activity, suggestions, access, userSummaries, places, postSummaries, hydrate, postsRepo, timelines, posts, uploads, friendships, hashtags, feed, comments,
    likedBy, profilePosts, placePosts, rules, preparedExplore, preparedInbox, preparedTrays, preparedProfiles, preparedSearch, preparedSearchHits,
  };
}

/** Video encoding, timeline fan-out and the purge of unposted uploads, unless another process runs them. */
async function startWorkers(app: FastifyInstance, deps: AppDeps, { uploads, timelines }: Services) {
  if (deps.runWorkers !== false) {
    await deps.queue.work(ENCODE_VIDEO_JOB, uploads.encode, { concurrency: VIDEO_ENCODES_AT_ONCE });
    await deps.queue.work(FAN_OUT_JOB, timelines.fanOut);
    runEvery(app, UPLOAD_PURGE_EVERY_MS, 'purge of unposted uploads', uploads.purgeExpired);
  }
}

/** The API's routes and queries, area by area; returns the areas the pages read too. */
function registerApi(app: FastifyInstance, deps: AppDeps, { people, connectedApps, spoolDir, users, sessions, realtime, auth, oneTap, outbox, emailConfirmation, captchaChecks, parentalConsent, signupPhone, loginPlaces, suspension, terms }: Base, services: Services) {
  const { config, db, nextId, storage } = deps;
  const { rings, activity, suggestions, access, userSummaries, places, postSummaries, hydrate, postsRepo, posts, uploads, friendships, hashtags, feed, comments } = services;
  const { likedBy, profilePosts, placePosts, rules } = services;
  registerAuthRoutes(app, auth, captchaChecks);
  registerOneTapRoutes(app, oneTap);
  registerClientEventRoutes(app);
  registerOidc(app, { oidc: config.oidc, publicUrl: config.publicUrl, db, users, sessions, twoFactor: auth.twoFactor, suspension, nextId, onSignup: emailConfirmation.send, createAccounts: !config.parentalConsentAge, onAccountCreated: terms.recordProviderAccount, onAccountMade: (id) => people.changed([id]) });
  registerTermsRoutes(app, terms);
  registerParentalConsentRoutes(app, parentalConsent);
  registerSignupPhoneRoutes(app, signupPhone);
  registerLoginPlacesRoutes(app, loginPlaces);
  registerAccountRoutes(app, createPasswordReset(db, outbox, sessions.forgetUser), config.publicUrl);
  registerPostRoutes(app, posts, uploads, spoolDir);
  registerPostEditRoutes(app, createPostEdit(createPostEditRepository(db, places.forPost), postsRepo, posts, activity, rules));
  registerCommentRoutes(app, comments);
  registerFriendshipRoutes(app, friendships);
  registerActivityRoutes(app, activity);
  const tabs = createProfileTabs(createTabsRepository(db), hydrate, access, nextId, posts);
  registerTagRoutes(app, tabs);
  registerHashtagRoutes(app, hashtags);
  const explore = createExplore({
    repo: createExploreRepository(db), reads: createExploreReads(db), hydrate, posts, nextId,
    onError: (err) => app.log.error({ err }, 'explore refresh failed'),
    prepared: { answers: services.preparedExplore, access },
  });
  registerExploreRoutes(app, explore);
  const stories = registerStoryReads(app, { db, storage, access, userSummaries, places: places.hits, preparedTrays: services.preparedTrays });
  registerQueryDispatcher(app, combineQueries(
    authQueries(auth, storage), feedQueries(feed), commentQueries(comments), friendshipQueries(friendships),
    tabQueries(tabs), activityQueries(activity), suggestionQueries(suggestions, access),
    hashtagQueries(hashtags), exploreQueries(explore), stories.queries,
    postQueries(likedBy), profileQueries(profilePosts), placeQueries(placePosts),
  ), { checkAnswers: deps.checkAnswers });
  const profileEdit = createProfileEdit({
    db, storage, outbox, userSummaries, publicUrl: config.publicUrl, passwordPace: keyedLimit(app, 'password-change', PASSWORD_CHANGE_LIMIT), emailConfirmation,
    namesChanged: (id) => people.changed([id]),
  });
  registerConfirmationRoutes(app, emailConfirmation, createPhoneConfirmation(db, outbox));
  registerProfileRoutes(app, profileEdit, spoolDir);
  registerSuggestionRoutes(app, suggestions, async (id) => (await users.findById(id)) !== undefined);
  registerPlaceRoutes(app, places);
  registerSearchRoutes(app, createSearch({
    repo: createSearchRepository(db), users: people.search, suggestions, storage, rings,
    sources: { hashtags: hashtags.search, places: places.search, popularHashtags: hashtags.popular },
    recentSources: { hashtagsByName: hashtags.hits, placesById: places.hits },
    prepared: { answers: services.preparedSearch, access }, hits: services.preparedSearchHits,
  }));
  // A new account or a new name may belong in any search's answer: each instance drops its own as its index learns of it.
  people.onChange(services.preparedSearch.dropHere);
  const direct = registerDirectArea(app, {
    config, db, nextId, storage, access, users, userSummaries, postSummaries, realtime,
    publisher: deps.directPublisher, runWorkers: deps.runWorkers !== false, spoolDir, rings, rules, preparedInbox: services.preparedInbox,
    soleWriter: deps.soleWriter,
  });
  registerStoriesArea(app, {
    db, nextId, storage, access, places, activity, userSummaries, uploads, runWorkers: deps.runWorkers !== false, preparedTrays: services.preparedTrays,
  });
  registerHighlightsArea(app, { db, nextId, storage, access, userSummaries, placeNames: places.names, preparedTrays: services.preparedTrays });
  const contactImport = registerContactImportArea(app, { db, nextId, storage, access, spoolDir });
  const apps = connectedApps.register(app);
  const settings = registerSettingsArea(app, { db, outbox });
  if (!config.production) registerDevRoutes(app, outbox);
  return { tabs, explore, profileEdit, direct, contactImport, settings, apps };
}

/** Reporting: the guided screens and the reports moderators read. */
function registerReporting(app: FastifyInstance, { config, db, nextId }: AppDeps, { users, outbox }: Base, { access, friendships }: Services) {
  return registerReportsArea(app, {
    db, nextId, access, friendships, outbox, flags: config.reporting, supportEmail: config.supportEmail,
    username: async (id) => (await users.sessionUser(id))?.username,
  });
}

/** Deactivating, deleting (and the purge), and "Download your data". */
function registerLeaving(app: FastifyInstance, { config, db, nextId, storage, queue, runWorkers }: AppDeps, { departures, outbox, sessions }: Base, { userSummaries }: Services) {
  return registerLeavingArea(app, {
    db, nextId, storage, queue, outbox, departures, publicUrl: config.publicUrl, deletionDays: config.accountDeletionDays, runWorkers: runWorkers !== false,
    usernames: async (ids) => new Map([...(await userSummaries.many(ids))].map(([id, u]) => [id, u.username])),
    forgetSessions: sessions.forgetUser,
  });
}

/** The default avatar, the stored media and the web client's files. */
async function serveFiles(app: FastifyInstance, { config, storage }: AppDeps, { users }: Base) {
  app.get('/static/default-avatar.svg', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(DEFAULT_AVATAR_SVG));

  registerMediaCacheControl(app, createMediaCachePolicy(users.isPrivate));
  await storage.serve(app);
  await registerWebFiles(app, config.webDist);
}

/** The web client's pages, each with the data it is rendered with. */
function registerPages(app: FastifyInstance, { config, db, storage }: AppDeps, { users, auth, oneTap, termsPending, captchaChecks }: Base, services: Services, { tabs, explore, profileEdit, direct, contactImport, settings, apps }: Areas, leavingPages: PageLoaders) {
  const { rings, activity, access, userSummaries, places, posts, hashtags, feed, profilePosts, placePosts, preparedProfiles } = services;
  const landing = { gdprRequired: config.gdprRequired, tosVersion: config.tosVersion, captchaEnabled: config.signupCaptcha, parentalConsentAge: config.parentalConsentAge ?? null };
  const profiles = createProfiles({ users, access, posts: profilePosts, tabs, storage, rings, prepared: preparedProfiles });
  const directories = createDirectories({
    accounts: createAccountDirectoryReads(db), suggestable: createSuggestableReads(db), hashtags: hashtags.directory,
    follows: createFollowDirectoryReads(db), users, access, userSummaries, storage,
    onError: (err) => app.log.error({ err }, 'directory rebuild failed'),
  });
  const sendPage = registerPageRoutes(app, {
    loaders: {
      ...authPages(auth, landing, oneTap), ...feedPages(feed, storage, (request, wantsHtml) => homeLanding(request, landing, oneTap, wantsHtml), (id) => editProfileData(profileEdit, id)), ...postPages(posts),
      ...profilePages(profiles), ...activityPages(activity, tabs), ...accountPages(profileEdit), ...hashtagPages(hashtags),
      ...directoryPages(directories),
      ...placePages(places, placePosts),
      ...explorePages(explore),
      ...directPages(config.direct.enabled ? direct : null),
      ...contactImport.pages,
      ...apps.pages,
      ...settings.pages,
      ...leavingPages,
    },
    sharedData: createSharedData({ storage, ...landing, direct: config.direct, oidc: config.oidc, credentialAutoLogin: config.credentialAutoLogin, termsPending, reporting: config.reporting }),
    render: createShellRenderer(config.webDist),
    serverEntry: createServerEntryLoader(config.webDist),
  });
  registerLoginFormPost(app, { auth, checks: captchaChecks, landing, sendPage });
}

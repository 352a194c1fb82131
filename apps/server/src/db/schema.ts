import type { ColumnType } from 'kysely';

/** Table types for Kysely. Ids are 64-bit integers, carried as decimal strings. */
type Id = ColumnType<string, string, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Id;
  username: string;
  username_lower: string;
  /** Empty for an account made with a phone number only. */
  email: string;
  /** Null when `email` is empty. */
  email_lower: string | null;
  full_name: ColumnType<string, string | undefined, string>;
  password_hash: string;
  biography: ColumnType<string, string | undefined, string>;
  external_url: string | null;
  is_private: ColumnType<boolean, boolean | undefined, boolean>;
  is_verified: ColumnType<boolean, boolean | undefined, boolean>;
  profile_pic_key: string | null;
  opt_into_one_tap: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  password_changed_at: Timestamp;
  privacy_changed_at: Date | null;
  gender: ColumnType<number, number | undefined, number>;
  custom_gender: string | null;
  phone_number: string | null;
  chaining_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  activity_checked_at: ColumnType<Date, Date | undefined, Date>;
  /** New tags of this person wait for their approval (on by default). */
  usertag_review_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** Kept by the database from `follows` (never written by the service). */
  follower_count: ColumnType<number, never, never>;
  following_count: ColumnType<number, never, never>;
  /** When the current email was confirmed by its link; null until then, and again after a change. */
  email_confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the current phone number was confirmed by a texted code; null until then, and after a change. */
  phone_confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The birthday given at signup, as calendar text (YYYY-MM-DD); null for accounts made without one. */
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  /** Made by a minor under the operator's consent age: closed until a parent approves. */
  parental_consent_pending: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A phone signup's texted code, by number: there is no account yet. */
export interface SignupPhoneCodesTable {
  phone_number: string;
  code_hash: string;
  sent_at: Date;
  expires_at: Date;
  attempts: ColumnType<number, number | undefined, number>;
  sends: ColumnType<number, number | undefined, number>;
  /** Set by a right code: the signup that follows may use the number once. */
  verified_at: Date | null;
}

export interface LoginPlacesTable {
  user_id: Id;
  /** The kind of device and browser, as the login activity names them. */
  device: string;
  /** The address's network: its first two parts (IPv4) or four groups (IPv6). */
  network: string;
  first_seen_at: CreatedAt;
}

export interface ParentalConsentsTable {
  id: Id;
  user_id: Id;
  parent_email: string;
  nonce_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  decided_at: Date | null;
  /** `approved`, or `not_parent` when the mail reached someone else. */
  decision: string | null;
}

/** The terms an account agreed to (or said "Not now" to); see the terms-acceptance migration. */
export interface TermsAcceptancesTable {
  user_id: Id;
  /** Null for an account that never agreed. */
  tos_version: string | null;
  accepted_at: Date | null;
  /** The consent choices ticked, where the operator requires them (GDPR_REQUIRED). */
  consents: ColumnType<Record<string, boolean> | null, string | null | undefined, string | null>;
  /** Set when the person said "Not now" to the terms in force; cleared when they agree. */
  declined_at: Date | null;
}

export interface SessionsTable {
  id: Id;
  user_id: Id;
  token_hash: string;
  user_agent: string;
  ip: string;
  created_at: CreatedAt;
  last_active_at: Timestamp;
  /** Made from a device and network the account had not logged in from. */
  suspicious: ColumnType<boolean, boolean | undefined, boolean>;
  /** When the owner said the suspicious login was theirs ("This was me"). */
  confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A key the service signs with, by purpose; see platform/server-keys.ts. */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** An account's authenticator-app secret: pending while `enabled_at` is null. */
export interface TotpSecretsTable {
  user_id: Id;
  secret: string;
  created_at: CreatedAt;
  enabled_at: Date | null;
  last_step: ColumnType<string | null, number | null | undefined, number | null>;
}

/** A person of the operator's OpenID Connect provider (issuer, subject) and the account they sign in to. */
export interface OidcIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: Id;
  created_at: CreatedAt;
  last_login_at: Timestamp;
}

/** A backup code, by its hash; used once. */
export interface BackupCodesTable {
  user_id: Id;
  code_hash: string;
  created_at: CreatedAt;
  used_at: Date | null;
}

/** A login whose password was right, waiting for its second step (the identifier's hash). */
export interface TwoFactorChallengesTable {
  token_hash: string;
  user_id: Id;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

/** The number an account's two-factor login codes are texted to; a row only while texted codes are on. */
export interface TwoFactorPhonesTable {
  user_id: Id;
  phone_number: string;
  enabled_at: ColumnType<Date, Date | undefined, Date>;
}

/** A texted two-factor code in flight: one per account and purpose (setting up, or a login). */
export interface TwoFactorSmsCodesTable {
  user_id: Id;
  purpose: 'enable' | 'login';
  phone_number: string;
  code_hash: string;
  sent_at: Date;
  expires_at: Date;
  attempts: ColumnType<number, number | undefined, number>;
  sends: ColumnType<number, number | undefined, number>;
}

/** A browser that skips the two-factor step at login (its cookie's hash). */
export interface TrustedDevicesTable {
  token_hash: string;
  user_id: Id;
  created_at: CreatedAt;
  expires_at: Date;
}

/** A browser that saved an account's login info for one-tap login (its cookie's hash). */
export interface OneTapTokensTable {
  token_hash: string;
  user_id: Id;
  /** The single-use nonce of the latest landing page that offered this account; null once used. */
  login_nonce_hash: string | null;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: Id;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface OutboxTable {
  id: Id;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
  /** When the mail or SMS provider took it; null on the embedded default, or while it has not left. */
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  delivery_attempts: ColumnType<number, number | undefined, number>;
  /** The last provider failure, kept until a later attempt succeeds. */
  delivery_error: string | null;
  /** The person the message was for, when it was for one (older rows: none, matched by address). */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  kind: ColumnType<'security' | 'other' | null, 'security' | 'other' | null | undefined, 'security' | 'other' | null>;
}

/** An emailed confirmation link (its token's hash), for the address it was sent to. */
export interface EmailConfirmationsTable {
  token_hash: string;
  user_id: Id;
  email_lower: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

/** The one pending texted code of an account (its hash) and the number it was sent to. */
export interface PhoneConfirmationsTable {
  user_id: Id;
  phone_number: string;
  code_hash: string;
  sent_at: Date;
  expires_at: Date;
  attempts: ColumnType<number, number | undefined, number>;
  sends: ColumnType<number, number | undefined, number>;
}

/** One stored size of an image: its width and height and the storage key of the JPEG. */
export interface ImageVariant {
  width: number;
  height: number;
  key: string;
}

/** The files of one photo or video, as a post's item and a story keep them. */
export interface MediaFiles {
  width: number;
  height: number;
  thumbhash: string | null;
  variants: ImageVariant[];
  video_key: string | null;
  poster_key: string | null;
  duration_ms: number | null;
}

export type MediaType = 'image' | 'sidecar' | 'video';
export type ItemKind = 'image' | 'video';

export interface FollowsTable {
  follower_id: Id;
  followee_id: Id;
  id: Id;
}

/** A viewer's home timeline, written ahead: the ids of posts to show them (owned by the feed). */
export interface TimelinesTable {
  viewer_id: Id;
  media_id: Id;
  owner_id: Id;
}

export interface TimelineStateTable {
  viewer_id: Id;
  read_at: Date;
  /** Below this id the stored timeline is not complete; null when it holds everything. */
  floor_id: string | null;
}

export interface TimelineStarsTable {
  user_id: Id;
}

export type PlaceKind = 'country' | 'city' | 'place';

export interface LocationsTable {
  id: Id;
  name: string;
  slug: string;
  name_lower: string;
  kind: ColumnType<PlaceKind, PlaceKind | undefined, PlaceKind>;
  /** ISO 3166-1 alpha-2. */
  country_code: string | null;
  /** The city a place is in. */
  city_id: string | null;
  lat: number | null;
  lng: number | null;
  population: ColumnType<string, number | undefined, number>;
  source: ColumnType<'gazetteer' | 'user', 'gazetteer' | 'user' | undefined, 'gazetteer' | 'user'>;
  /** The gazetteer's id of the row (GeoNames id for cities, the ISO code for countries). */
  external_id: string | null;
  created_by: string | null;
  /** Ready posts at the place, kept by a trigger on media. */
  media_count: ColumnType<number, never, never>;
  /** Ready posts anywhere inside it (a city's places, a country's cities), kept by the same trigger. */
  area_media_count: ColumnType<number, never, never>;
  /** fold_text(name), generated. */
  name_folded: ColumnType<string, never, never>;
}

export interface GazetteerImportsTable {
  source: string;
  version: string;
  scope: string;
  rows: number;
  imported_at: CreatedAt;
}

export interface UploadsTable {
  upload_id: string;
  owner_id: Id;
  kind: ItemKind;
  /** processing (video being encoded), ready, failed */
  status: 'processing' | 'ready' | 'failed';
  width: ColumnType<number, number | undefined, number>;
  height: ColumnType<number, number | undefined, number>;
  thumbhash: string | null;
  variants: ColumnType<ImageVariant[], string | undefined, string>;
  video_key: string | null;
  poster_key: string | null;
  source_key: string | null;
  /** A photo's whole frame when the feed's aspect limits cut its variants (stories show it whole). */
  frame_key: ColumnType<string | null, string | null | undefined, string | null>;
  duration_ms: number | null;
  error: string | null;
  media_id: string | null;
  created_at: CreatedAt;
  /** A video's width × height × frames as probed at upload: what its encoding costs. */
  frame_pixels: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface MediaTable {
  id: Id;
  owner_id: Id;
  media_type: MediaType;
  status: ColumnType<'processing' | 'ready' | 'failed', 'processing' | 'ready' | 'failed' | undefined, 'processing' | 'ready' | 'failed'>;
  caption: ColumnType<string, string | undefined, string>;
  accessibility_caption: string | null;
  location_id: string | null;
  like_count: ColumnType<number, number | undefined, number>;
  comment_count: ColumnType<number, number | undefined, number>;
  comments_disabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  /** Marked sensitive by a moderator: shown behind a warning (see the moderation migration). */
  sensitive_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface MediaItemsTable {
  media_id: Id;
  position: number;
  kind: ItemKind;
  width: number;
  height: number;
  thumbhash: string | null;
  variants: ColumnType<ImageVariant[], string, string>;
  video_key: string | null;
  poster_key: string | null;
  duration_ms: number | null;
  accessibility_caption: string | null;
}

export interface UsertagsTable {
  media_id: Id;
  position: number;
  user_id: Id;
  x: number;
  y: number;
  status: ColumnType<'pending' | 'approved', 'pending' | 'approved' | undefined, 'pending' | 'approved'>;
  sort_id: ColumnType<string, string | undefined, string>;
}

export interface MediaHashtagsTable {
  media_id: Id;
  tag: string;
  /** The post's owner (a post never changes hands): the index of a viewer's hidden posts is by tag and owner. */
  owner_id: Id;
  /** Counted in the tag's public count: the post was one anyone may see when last written. */
  is_public: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A hashtag (owned by the hashtags feature, with media_hashtags and the two tables below). */
export interface HashtagsTable {
  id: ColumnType<string, string | undefined, never>;
  name: string;
  folded_name: string;
  media_count: ColumnType<number, number | undefined, number>;
  /** Of those, the posts anyone may see (what visitors, search and the directory are shown). */
  public_media_count: ColumnType<number, number | undefined, number>;
  is_sensitive: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface HashtagFollowsTable {
  user_id: Id;
  hashtag_id: Id;
  created_at: CreatedAt;
}

export interface HashtagAdvisoryAcksTable {
  user_id: Id;
  hashtag_id: Id;
  created_at: CreatedAt;
}

export interface MediaMentionsTable {
  media_id: Id;
  user_id: Id;
}

export interface LikesTable {
  media_id: Id;
  user_id: Id;
  id: Id;
}

export interface SavesTable {
  user_id: Id;
  media_id: Id;
  id: Id;
}

export interface CommentsTable {
  id: Id;
  media_id: Id;
  user_id: Id;
  parent_id: string | null;
  text: string;
  like_count: ColumnType<number, number | undefined, number>;
  reply_count: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

export interface CommentLikesTable {
  comment_id: Id;
  user_id: Id;
  id: Id;
}

export interface FollowRequestsTable {
  requester_id: Id;
  target_id: Id;
  id: Id;
}

export interface BlocksTable {
  blocker_id: Id;
  blocked_id: Id;
  id: Id;
}

export type EventType = 'like' | 'comment' | 'comment_like' | 'mention' | 'follow' | 'follow_request' | 'usertag' | 'story_mention' | 'strike' | 'report_reviewed' | 'appeal_decided';

export interface EventsTable {
  id: Id;
  user_id: Id;
  actor_id: Id;
  type: EventType;
  media_id: string | null;
  comment_id: string | null;
  /** The story an event is about (a mention in it); the event goes with the story. */
  story_id: ColumnType<string | null, string | null | undefined, string | null>;
  text: string | null;
  created_at: CreatedAt;
}

export interface SuggestionDismissalsTable {
  user_id: Id;
  target_id: Id;
}

/** A result the viewer opened from search (owned by search); hashtags by name, people and places by id. */
export interface RecentSearchesTable {
  user_id: Id;
  kind: 'user' | 'hashtag' | 'place';
  entity_id: string;
  searched_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface HiddenSearchSectionsTable {
  user_id: Id;
  section: string;
  hidden_at: CreatedAt;
}

export interface ExploreSnapshotsTable {
  id: Id;
  computed_at: Date;
}

export interface ExploreClustersTable {
  snapshot_id: Id;
  position: number;
  name: string;
  tags: string[];
  post_count: number;
}

export interface ExplorePoolTable {
  snapshot_id: Id;
  media_id: Id;
  owner_id: Id;
  cluster: string;
  score: number;
}

export interface ExploreNotInterestedTable {
  user_id: Id;
  media_id: Id;
  cluster: string;
  id: Id;
}

export type DirectMemberState = 'active' | 'pending' | 'left' | 'removed';

/** Direct messages (owned by the direct area). */
export interface DirectThreadsTable {
  id: Id;
  is_group: boolean;
  /** A group's given name; null until named (the members' names show instead). */
  title: string | null;
  /** Who started it (the inviter); null once that account is gone. */
  creator_id: string | null;
  approval_required: ColumnType<boolean, boolean | undefined, boolean>;
  /** One-to-one threads only: `{lower id}:{higher id}`, one thread per pair. */
  pair_key: string | null;
  last_activity_at: Timestamp;
  last_item_id: string | null;
  /** The newest item that is not an action log, and its sender (the seen rule). */
  last_permanent_item_id: string | null;
  last_permanent_user_id: string | null;
  created_at: CreatedAt;
}

export interface DirectMembersTable {
  thread_id: Id;
  user_id: Id;
  state: DirectMemberState;
  is_admin: ColumnType<boolean, boolean | undefined, boolean>;
  muted: ColumnType<boolean, boolean | undefined, boolean>;
  hidden: ColumnType<boolean, boolean | undefined, boolean>;
  last_seen_item_id: string | null;
  last_seen_at: Date | null;
  /** The thread's last_activity_at, copied for the inbox index. */
  activity_at: Timestamp;
  joined_at: CreatedAt;
}

export interface DirectItemsTable {
  id: Id;
  thread_id: Id;
  user_id: Id;
  item_type: string;
  text: string | null;
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  media_id: string | null;
  client_context: string | null;
}

export interface DirectItemReactionsTable {
  item_id: Id;
  user_id: Id;
  emoji: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

export interface DirectSeqTable {
  user_id: Id;
  seq: string;
}

export interface DirectJoinRequestsTable {
  thread_id: Id;
  user_id: Id;
  requested_by: string | null;
  created_at: CreatedAt;
}

/** A direct message's photo between its upload and its send (owned by direct messages). */
export interface DirectUploadsTable {
  upload_id: Id;
  user_id: Id;
  thread_id: Id;
  /** The processed photo as the item will carry it (a StoredPhoto). */
  photo: ColumnType<unknown, string, string>;
  claim_token: string | null;
  claimed_at: Date | null;
  item_id: string | null;
  created_at: CreatedAt;
}

/** When each account was last seen on the real-time channel. */
export interface DirectPresenceTable {
  user_id: Id;
  active_at: Date;
}

export interface StoriesTable {
  id: Id;
  owner_id: Id;
  kind: ItemKind;
  status: ColumnType<'processing' | 'ready' | 'failed', 'processing' | 'ready' | 'failed' | undefined, 'processing' | 'ready' | 'failed'>;
  audience: ColumnType<'everyone' | 'besties', 'everyone' | 'besties' | undefined, 'everyone' | 'besties'>;
  upload_id: string;
  width: number;
  height: number;
  thumbhash: string | null;
  variants: ColumnType<ImageVariant[], string | undefined, string>;
  video_key: string | null;
  poster_key: string | null;
  duration_ms: number | null;
  /** The stickers as sent (StorySticker of the contract), for tappable objects. */
  stickers: ColumnType<unknown[], string | undefined, string>;
  location_id: string | null;
  taken_at: Timestamp;
  expiring_at: Timestamp;
  created_at: CreatedAt;
}

export interface StoryHashtagsTable {
  story_id: Id;
  name: string;
  taken_at: Timestamp;
}

export interface StoryMentionsTable {
  story_id: Id;
  user_id: Id;
}

export interface StoryReelSeenTable {
  viewer_id: Id;
  owner_id: Id;
  seen_at: Timestamp;
}

export interface StoryViewsTable {
  story_id: Id;
  viewer_id: Id;
  viewed_at: Timestamp;
}

export interface CloseFriendsTable {
  owner_id: Id;
  friend_id: Id;
  created_at: CreatedAt;
}

export interface HighlightsTable {
  id: Id;
  owner_id: Id;
  title: string;
  cover_story_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface HighlightItemsTable {
  highlight_id: Id;
  story_id: Id;
  added_at: Timestamp;
}

/** A member holds no row; moderators and admins do (see the moderation migration). */
export interface UserRolesTable {
  user_id: Id;
  role: 'moderator' | 'admin';
  granted_at: CreatedAt;
}

/** How an account stands with moderation: limited (hidden from discovery), suspended (gone). */
export interface AccountStandingTable {
  user_id: Id;
  limited_at: Date | null;
  suspended_at: Date | null;
  /** A suspended account's data may be deleted after this (SUSPENSION_RETENTION_DAYS). */
  purge_after: Date | null;
}

export type StrikeAction = 'remove' | 'sensitive' | 'warn' | 'silence' | 'suspend';

/** What an owner is told they did wrong, and their appeal. */
export interface StrikesTable {
  id: Id;
  user_id: Id;
  action: StrikeAction;
  rule: string;
  text: ColumnType<string, string | undefined, string>;
  object_type: string | null;
  object_id: string | null;
  report_id: string | null;
  created_at: CreatedAt;
  appeal_text: string | null;
  appealed_at: Date | null;
  appeal_state: 'pending' | 'accepted' | 'rejected' | null;
  decided_at: Date | null;
  decided_by: string | null;
  reversed_at: Date | null;
}

/** A thing a moderator took down: gone for everyone, its owner too, until an appeal is accepted. */
export interface ModerationRemovalsTable {
  object_type: string;
  object_id: string;
  strike_id: string | null;
  removed_at: CreatedAt;
}

/** The audit log: who did what, to whom, when. */
export interface ModerationActionsTable {
  id: Id;
  moderator_id: Id;
  action: string;
  target_user_id: string | null;
  report_id: string | null;
  object_type: string | null;
  object_id: string | null;
  text: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

/** Every open report of one thing, as one (features/reports). */
export interface ReportsTable {
  id: Id;
  object_type: string;
  object_id: string;
  /** The thing's owner; the person, for a report of a person. */
  target_user_id: Id;
  created_at: CreatedAt;
  /** When the latest report of the thing joined this one. */
  updated_at: ColumnType<Date, Date | undefined, Date>;
  resolved_at: Date | null;
  resolved_by: string | null;
}

/** One person's report of a thing: their reasons, top one first. */
export interface ReportEntriesTable {
  report_id: Id;
  reporter_id: Id;
  tags: string[];
  victim: string | null;
  created_at: CreatedAt;
}

/** An app registered to act for people through the API (its client_id is what OAuth calls it). */
export interface OauthAppsTable {
  client_id: string;
  id: Id;
  name: string;
  website: string | null;
  description: ColumnType<string, string | undefined, string>;
  redirect_uris: string[];
  scopes: string;
  owner_id: Id | null;
  created_at: CreatedAt;
}

/** The authorization server's records (codes, grants, tokens, interactions), by model kind and id. */
export interface OauthStoreTable {
  kind: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  account_id: string | null;
  client_id: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A person's authorization of an app, kept after it ends so that their list shows it as expired or removed. */
export interface OauthAuthorizationsTable {
  user_id: Id;
  client_id: string;
  scopes: string;
  authorized_at: Timestamp;
  expires_at: Timestamp;
  removed_at: Timestamp | null;
}

/** A developer's invitation to test their app: pending until accepted; declining deletes it. */
export interface OauthInvitesTable {
  client_id: string;
  user_id: Id;
  created_at: CreatedAt;
  accepted_at: Timestamp | null;
}

/** One import of an address book by its owner (what the contact history lists). */
export interface ContactImportsTable {
  id: Id;
  user_id: Id;
  source: 'vcard' | 'csv';
  contact_count: number;
  match_count: number;
  created_at: CreatedAt;
}

/** An email or phone number (normalized) of an imported contact: read only for its owner. */
export interface ImportedContactsTable {
  import_id: Id;
  user_id: Id;
  kind: 'email' | 'phone';
  value: string;
  name: ColumnType<string, string | undefined, string>;
}

/** A person's own settings; no row means every default. */
export interface AccountSettingsTable {
  user_id: Id;
  presence_disabled: ColumnType<boolean, boolean | undefined, boolean>;
  usertags_from: ColumnType<'everyone' | 'following' | 'none', 'everyone' | 'following' | 'none' | undefined, 'everyone' | 'following' | 'none'>;
  mentions_from: ColumnType<'everyone' | 'following' | 'none', 'everyone' | 'following' | 'none' | undefined, 'everyone' | 'following' | 'none'>;
  story_sharing: ColumnType<boolean, boolean | undefined, boolean>;
  comment_filter_on: ColumnType<boolean, boolean | undefined, boolean>;
  comment_keywords: ColumnType<string[], string[] | undefined, string[]>;
  /** Email preference name -> checked value (2 subscribed, 0 not); missing names are subscribed. */
  email_prefs: ColumnType<Record<string, number>, string | undefined, string>;
  /** Push preference name -> off | following | everyone; missing names are their default. */
  push_prefs: ColumnType<Record<string, string>, string | undefined, string>;
  updated_at: Timestamp;
}

export type DepartureState = 'deactivated' | 'deleting';

/** An account its person deactivated or asked to delete: hidden from everyone until they log in again. */
export interface AccountDeparturesTable {
  user_id: Id;
  state: DepartureState;
  since: ColumnType<Date, Date | undefined, Date>;
  /** A deletion's end: past it the account and all it made are purged. Null for a deactivation. */
  purge_after: Date | null;
  reason: ColumnType<string, string | undefined, string>;
}

export type DataExportState = 'preparing' | 'ready' | 'downloaded' | 'failed';

/** A "Download your data" archive: built by a job, fetched once by its owner through a mailed link. */
export interface DataExportsTable {
  id: Id;
  user_id: Id;
  state: DataExportState;
  token_hash: string | null;
  file_key: string | null;
  created_at: CreatedAt;
  ready_at: Date | null;
  expires_at: Date | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  server_keys: ServerKeysTable;
  password_resets: PasswordResetsTable;
  totp_secrets: TotpSecretsTable;
  backup_codes: BackupCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  trusted_devices: TrustedDevicesTable;
  one_tap_tokens: OneTapTokensTable;
  two_factor_phones: TwoFactorPhonesTable;
  two_factor_sms_codes: TwoFactorSmsCodesTable;
  oidc_identities: OidcIdentitiesTable;
  parental_consents: ParentalConsentsTable;
  terms_acceptances: TermsAcceptancesTable;
  login_places: LoginPlacesTable;
  signup_phone_codes: SignupPhoneCodesTable;
  outbox: OutboxTable;
  email_confirmations: EmailConfirmationsTable;
  phone_confirmations: PhoneConfirmationsTable;
  follows: FollowsTable;
  locations: LocationsTable;
  gazetteer_imports: GazetteerImportsTable;
  uploads: UploadsTable;
  media: MediaTable;
  media_items: MediaItemsTable;
  usertags: UsertagsTable;
  media_hashtags: MediaHashtagsTable;
  hashtags: HashtagsTable;
  hashtag_follows: HashtagFollowsTable;
  hashtag_advisory_acks: HashtagAdvisoryAcksTable;
  media_mentions: MediaMentionsTable;
  likes: LikesTable;
  saves: SavesTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  follow_requests: FollowRequestsTable;
  blocks: BlocksTable;
  events: EventsTable;
  suggestion_dismissals: SuggestionDismissalsTable;
  timelines: TimelinesTable;
  timeline_state: TimelineStateTable;
  timeline_stars: TimelineStarsTable;
  recent_searches: RecentSearchesTable;
  hidden_search_sections: HiddenSearchSectionsTable;
  explore_snapshots: ExploreSnapshotsTable;
  explore_clusters: ExploreClustersTable;
  explore_pool: ExplorePoolTable;
  explore_not_interested: ExploreNotInterestedTable;
  direct_threads: DirectThreadsTable;
  direct_members: DirectMembersTable;
  direct_items: DirectItemsTable;
  direct_item_reactions: DirectItemReactionsTable;
  direct_seq: DirectSeqTable;
  direct_join_requests: DirectJoinRequestsTable;
  direct_uploads: DirectUploadsTable;
  direct_presence: DirectPresenceTable;
  stories: StoriesTable;
  story_hashtags: StoryHashtagsTable;
  story_mentions: StoryMentionsTable;
  story_reel_seen: StoryReelSeenTable;
  story_views: StoryViewsTable;
  close_friends: CloseFriendsTable;
  highlights: HighlightsTable;
  highlight_items: HighlightItemsTable;
  reports: ReportsTable;
  report_entries: ReportEntriesTable;
  user_roles: UserRolesTable;
  account_standing: AccountStandingTable;
  strikes: StrikesTable;
  moderation_removals: ModerationRemovalsTable;
  moderation_actions: ModerationActionsTable;
  oauth_apps: OauthAppsTable;
  oauth_store: OauthStoreTable;
  oauth_authorizations: OauthAuthorizationsTable;
  oauth_invites: OauthInvitesTable;
  contact_imports: ContactImportsTable;
  imported_contacts: ImportedContactsTable;
  account_settings: AccountSettingsTable;
  account_departures: AccountDeparturesTable;
  data_exports: DataExportsTable;
}

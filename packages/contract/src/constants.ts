/** Business constants of the specification, shared by the service and the web client. */

/**
 * Password minimum length. The spec's forms ask for 6 (000 §5, §9); we ask for 8, as NIST SP
 * 800-63B and the security review do: every password the spec refuses is refused here too
 * (docs/decisions.md).
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Nobody younger may sign up (spec 000: an age failure shows a dialog). */
export const MIN_SIGNUP_AGE = 13;
/** How long a parent's approval link works. */
export const PARENTAL_CONSENT_LINK_DAYS = 7;
/** How many of the most common passwords (by frequency in leaked lists) are refused. */
export const COMMON_PASSWORDS_REFUSED = 100_000;
/** Our choice (spec: not shown): long enough for passphrases, short enough to bound hashing cost. */
export const PASSWORD_MAX_LENGTH = 128;
/** Usernames: 1 to 30 letters, digits, periods and underscores. */
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9._]{1,30}$/;
export const FULL_NAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;

/** Spec 002 §9: toast swap delay. */
export const TOAST_SWAP_DELAY_MS = 200;
/** Spec 002 §9: retry helper backoff. */
export const RETRY_START_MS = 1000;
export const RETRY_MAX_MS = 64000;
/** Spec 002 §9: badge text shows '9+' from 10. */
export const BADGE_OVERFLOW_AT = 10;
/** Spec 000 §9: cookie banner cookie lifetime (about one year). */
export const COOKIE_BANNER_MAX_AGE_MS = 31556952000;
export const COOKIE_BANNER_COOKIE = 'ig_cb';
/** Spec 002 §9: navigation scroll throttle. */
export const NAV_SCROLL_THROTTLE_MS = 250;
/** Spec 002 §9: one day in milliseconds. */
export const DAY_MS = 86400000;
/** Spec 002 "Dismissal durations": a credential auto-login the visitor dismissed is not tried again for 1 day. */
export const CREDENTIAL_AUTO_LOGIN_DISMISSAL_MS = 1 * DAY_MS;

/** Spec 000 §2: the source a logged-out visitor is sent to login with. */
export const LOGGED_OUT_REDIRECT_SOURCE = 'logged_out_redirect';
export const DESKTOP_NAV_SOURCE = 'desktop_nav';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
/** Form posts (logout) may carry the token as a field instead of the header. */
export const CSRF_FORM_FIELD = 'csrfmiddlewaretoken';

/**
 * Rate limits, anchored on Mastodon's defaults (docs/security.md puts theirs beside ours). Per
 * account where there is one; per client address before there is (login, signup, reset).
 */
const MINUTE = 60 * 1000;
export const LOGIN_LIMIT_PER_IP = { max: 25, windowMs: 5 * MINUTE };
/**
 * Keyed by the name typed (username or email, case aside), known or not: an unknown name locks as an
 * account's does, and an account's username and email each have their own, so a lockout links neither.
 */
export const LOGIN_LIMIT_PER_ACCOUNT = { max: 25, windowMs: 60 * MINUTE };
/** Two-factor codes (authenticator or backup) per account: six digits fall to guessing without a tight budget. */
export const TWO_FACTOR_LIMIT_PER_ACCOUNT = { max: 10, windowMs: 15 * MINUTE };
export const SIGNUP_LIMIT_PER_IP = { max: 5, windowMs: 30 * MINUTE };
/** Signup codes texted from one address, and to one number, whoever asks. */
export const SIGNUP_SMS_LIMIT_PER_IP = { max: 10, windowMs: 60 * MINUTE };
export const SIGNUP_SMS_LIMIT_PER_NUMBER = { max: 5, windowMs: 60 * MINUTE };
/** Guessing a parent's link: its nonce is 32 random bytes, this only keeps the noise down. */
export const PARENTAL_CONSENT_LIMIT_PER_IP = { max: 30, windowMs: 10 * MINUTE };
/** The signup dry run says whether a username or email is taken: tight enough that it cannot list accounts. */
export const SIGNUP_CHECK_LIMIT_PER_IP = { max: 30, windowMs: 30 * MINUTE };
export const PASSWORD_RESET_LIMIT_PER_IP = { max: 10, windowMs: 30 * MINUTE };
/** Reset mails to one account's address, whoever asks. */
export const PASSWORD_RESET_LIMIT_PER_EMAIL = { max: 5, windowMs: 30 * MINUTE };
/** Checks of the current password (password change): Mastodon's 10 per 10 minutes. */
export const PASSWORD_CHANGE_LIMIT = { max: 10, windowMs: 10 * MINUTE };
/** Profile saves per account beyond which a save is refused as spam: no person edits their profile 20 times in an hour. */
export const PROFILE_SAVE_LIMIT = { max: 20, windowMs: 60 * MINUTE };
/** Photo, video and profile-picture uploads per account. */
export const UPLOAD_LIMIT = { max: 30, windowMs: 30 * MINUTE };
/** Comments per account (Mastodon's posts and replies: 300 in 3 hours). */
export const COMMENT_LIMIT = { max: 300, windowMs: 180 * MINUTE };
/** Follows and unfollows together per account: each notifies or un-notifies someone. */
export const FOLLOW_LIMIT = { max: 400, windowMs: 24 * 60 * MINUTE };
/** An upload never published is deleted, with its files, after this long. */
export const UNPUBLISHED_UPLOAD_TTL_MS = 24 * 60 * MINUTE;
/** What one account may hold uploaded but not yet posted (an album takes up to 10). */
export const UNPUBLISHED_UPLOADS_MAX = 30;
/** Of those, videos (up to 100 MB each). */
export const UNPUBLISHED_VIDEOS_MAX = 5;
/** People notified of a mention in one caption or comment; later mentions are still linked, not notified. */
export const MENTIONS_NOTIFIED_MAX = 20;

/** Default page size of keyset-paginated lists unless a query says otherwise. */
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/** Similar accounts ("chaining") on a profile and on its own page: one list, no pages (a decision: docs/decisions.md). */
export const SIMILAR_ACCOUNTS_MAX = 30;

/** The profile's bio, and a self-described gender, at most this many characters. */
export const BIOGRAPHY_MAX_LENGTH = 150;
export const CUSTOM_GENDER_MAX_LENGTH = 64;

/**
 * Profile and hashtag directories (spec 002 §Directories): the root page lists at most this many
 * first-level keys (hashtags: 11); every deeper page lists at most DIRECTORY_SECOND_LEVEL_MAX items,
 * sub-keys or, at the last level, the accounts or hashtags themselves.
 */
export const DIRECTORY_FIRST_LEVEL_MAX = 100;
export const DIRECTORY_HASHTAG_FIRST_LEVEL_MAX = 11;
export const DIRECTORY_SECOND_LEVEL_MAX = 10;
/** Our choice (spec: not shown): accounts listed on `/directory/suggested/{username}/`. */
export const DIRECTORY_SUGGESTED_MAX = 30;
/** Typing in a search box settles this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Page Up and Page Down move a search result list's selection, and its scroll, this many rows at a time. */
export const SEARCH_SCROLL_STEP = 5;
/** A search query, at most this many characters. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Top search: people, hashtags and places in one answer (blended), or more of one kind. */
export const TOPSEARCH_CONTEXTS = ['blended', 'user', 'hashtag', 'place'] as const;
export const TOPSEARCH_BLENDED_LIMITS = { users: 20, hashtags: 5, places: 5 } as const;
export const TOPSEARCH_SINGLE_LIMIT = 30;
/** Recent searches kept per viewer; older ones drop off. */
export const RECENT_SEARCHES_MAX = 30;
/** Ids in one hide_search_entities call, per kind. */
export const SEARCH_HIDE_MAX = 50;
/** A hashtag's page: its top posts (by engagement with time decay) and its related tags. */
export const HASHTAG_TOP_POSTS = 9;
export const HASHTAG_RELATED_TAGS = 10;
/** Posts of followed hashtags mixed into one page of the home feed, at most. */
export const FEED_HASHTAG_POSTS_PER_PAGE = 2;
/** A page of the hashtags someone follows. */
export const HASHTAG_FOLLOW_LIST_PAGE = 24;
/** A hashtag's name: letters, digits and underscores, at most this long (without '#'). */
export const HASHTAG_MAX_LENGTH = 100;
/** A hashtag's name, without its '#': letters, digits and underscores (an explore topic is named by its top tag). */
export const HASHTAG_NAME = new RegExp(`^[\\p{L}\\p{N}_]{1,${HASHTAG_MAX_LENGTH}}$`, 'u');

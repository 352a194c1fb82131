/**
 * The one route table of the web client. The service answers each path with the app's HTML and
 * its page data at ?__a=1 (and a permanent redirect to the slashed path); the client's router is
 * built from it, with one lazily loaded component per screen. A test on each side fails when
 * either lacks a route or a screen of this table.
 */

/** public: anyone. protected: logged-in only (others go to login). loginOnly: logged-out only. */
export type RouteAccess = 'public' | 'protected' | 'loginOnly';

/** The data the service puts in a route's page (?__a=1) and HTML. */
export type PageKind =
  | 'home' | 'login' | 'signup' | 'one-tap-upsell' | 'profile' | 'post' | 'activity' | 'edit-profile' | 'login-activity' | 'two-factor' | 'password-reset'
  | 'hashtag' | 'location' | 'plain'
  | 'directory' | 'directory-suggested'
  | 'location-directory'
  | 'explore'
  | 'direct-inbox' | 'direct-requests' | 'direct-thread' | 'direct-new'
  | 'contact-history'
  | 'privacy-settings' | 'comment-filter' | 'notification-settings' | 'emails-sent'
  | 'manage-access' | 'oauth-consent'
  | 'delete-account' | 'download-data';

/** The client's screens: each one component of the web client, loaded when first shown. */
export const SCREENS = [
  'Home', 'Login', 'Signup', 'MultiStepSignup', 'TwoFactor', 'PasswordReset', 'PasswordResetConfirm', 'PasswordChange',
  'LoginActivity', 'TwoFactorSettings', 'EditProfile', 'Activity', 'Privacy', 'Deactivate', 'Explore', 'DiscoverPeople', 'Search', 'Hashtag', 'Location',
  'Inbox', 'NewMessage', 'MessageRequests', 'Thread', 'Stories', 'StoryCreate', 'StoryArchive', 'CloseFriends', 'Post', 'LikedBy', 'Create', 'Profile', 'FollowList', 'SimilarAccounts',
  'Directory', 'SuggestedDirectory',
  'LocationDirectory',
  'HashtagFollowList',
  'Legal',
  'EmailConfirm', 'PhoneConfirm',
  'ParentalConsent',
  'Terms',
  'OneTapUpsell', 'RegistrationInterstitial',
  'ModerationQueue', 'ModerationReport', 'AuditLog', 'Appeals', 'Strikes', 'Suspended',
  'ContactHistory',
  'CommentFilter', 'NotificationSettings', 'EmailsSent',
  'ManageAccess', 'OauthConsent',
  'DeleteAccount', 'DownloadData',
] as const;
export type ScreenName = (typeof SCREENS)[number];

export interface ClientRoute {
  /** Express-style, with its trailing slash: `/p/:code/`; `*` matches the rest. */
  path: string;
  access: RouteAccess;
  screen: ScreenName;
  page: PageKind;
  /** The document title while the screen has not set its own. */
  title?: string;
  /**
   * auth: the landing and login look, without the app's bars. sub: a sub-page (a post, its likes, a
   * follow list, a hashtag); on a phone its own header, with a back button and its title, takes the
   * place of the app's top bar.
   */
  chrome?: 'auth' | 'app' | 'sub';
}

const P = 'protected' as const;

/** Static segments outrank `:username`: the router ranks them, and the service registers both. */
export const CLIENT_ROUTES: readonly ClientRoute[] = [
  { path: '/', access: 'public', screen: 'Home', page: 'home', chrome: 'auth' },
  { path: '/accounts/login/', access: 'loginOnly', screen: 'Login', page: 'login', title: 'Login', chrome: 'auth' },
  { path: '/accounts/login/two_factor/', access: 'loginOnly', screen: 'TwoFactor', page: 'plain', title: 'Login', chrome: 'auth' },
  { path: '/accounts/emailsignup/', access: 'loginOnly', screen: 'Signup', page: 'signup', title: 'Sign up', chrome: 'auth' },
  { path: '/accounts/signup/', access: 'loginOnly', screen: 'Signup', page: 'signup', title: 'Sign up', chrome: 'auth' },
  { path: '/accounts/signup/:step/', access: 'loginOnly', screen: 'MultiStepSignup', page: 'signup', title: 'Sign up', chrome: 'auth' },
  { path: '/accounts/password/reset/', access: 'loginOnly', screen: 'PasswordReset', page: 'password-reset', title: 'Reset password', chrome: 'auth' },
  // The reset's tab: `username` (email or username, the default) or `phone` (a text to a confirmed number).
  { path: '/accounts/password/reset/:tab/', access: 'loginOnly', screen: 'PasswordReset', page: 'password-reset', title: 'Reset password', chrome: 'auth' },
  { path: '/accounts/password/reset/confirm/', access: 'public', screen: 'PasswordResetConfirm', page: 'password-reset', title: 'Reset password', chrome: 'auth' },
  { path: '/accounts/password/change/', access: P, screen: 'PasswordChange', page: 'plain', title: 'Change password' },
  { path: '/accounts/edit/', access: P, screen: 'EditProfile', page: 'edit-profile', title: 'Edit profile' },
  { path: '/accounts/activity/', access: P, screen: 'Activity', page: 'activity', title: 'Activity' },
  { path: '/accounts/privacy_and_security/', access: P, screen: 'Privacy', page: 'privacy-settings', title: 'Privacy and security' },
  { path: '/accounts/comment_filter/', access: P, screen: 'CommentFilter', page: 'comment-filter', title: 'Comments' },
  { path: '/emails/notifications/', access: P, screen: 'NotificationSettings', page: 'notification-settings', title: 'Notifications' },
  { path: '/emails/emails_sent/', access: P, screen: 'EmailsSent', page: 'emails-sent', title: 'Emails from Shutter' },
  { path: '/accounts/remove/request/temporary/', access: P, screen: 'Deactivate', page: 'plain', title: 'Deactivate account' },
  { path: '/accounts/remove/request/permanent/', access: P, screen: 'DeleteAccount', page: 'delete-account', title: 'Delete account' },
  { path: '/accounts/download_data/', access: P, screen: 'DownloadData', page: 'download-data', title: 'Download your data' },
  { path: '/session/login_activity/', access: P, screen: 'LoginActivity', page: 'login-activity', title: 'Login activity' },
  // Where an emailed confirmation link lands (?result=confirmed|invalid), logged in or not.
  { path: '/accounts/confirm_email/', access: 'public', screen: 'EmailConfirm', page: 'plain', title: 'Confirm email' },
  { path: '/accounts/confirm_phone/', access: P, screen: 'PhoneConfirm', page: 'plain', title: 'Confirm phone number' },
  { path: '/accounts/confirm_phone/:usage/', access: P, screen: 'PhoneConfirm', page: 'plain', title: 'Confirm phone number' },
  // A parent's approval link (spec 000: parental consent and its not-parent variant), opened by someone with no account.
  { path: '/accounts/parental_consent/:consentId/:nonce/', access: 'public', screen: 'ParentalConsent', page: 'plain', title: 'Parental consent', chrome: 'auth' },
  { path: '/accounts/parental_consent/:consentId/:nonce/not_parent/', access: 'public', screen: 'ParentalConsent', page: 'plain', title: 'Parental consent', chrome: 'auth' },
  // After a login and a signup: "Save your login info?" (?next=), and the new account's first steps.
  // Public in the table: the login's own navigation lands here before the session is known; the
  // screens send a visitor without a session to log in.
  { path: '/accounts/onetap/', access: 'public', screen: 'OneTapUpsell', page: 'one-tap-upsell', title: 'Save your login info', chrome: 'auth' },
  { path: '/accounts/registered/', access: 'public', screen: 'RegistrationInterstitial', page: 'plain', title: 'Welcome', chrome: 'auth' },
  { path: '/accounts/registered/:stepNumber/', access: 'public', screen: 'RegistrationInterstitial', page: 'plain', title: 'Welcome', chrome: 'auth' },
  { path: '/accounts/two_factor_authentication/', access: P, screen: 'TwoFactorSettings', page: 'two-factor', title: 'Two-factor authentication' },
  // Finding friends from an address book file: consent, upload, the people found, the history and its deletion.
  { path: '/accounts/contact_history/', access: P, screen: 'ContactHistory', page: 'contact-history', title: 'Contact history' },
  // Apps the person authorized (active and expired) and invitations to test apps.
  { path: '/accounts/manage_access/', access: P, screen: 'ManageAccess', page: 'manage-access', title: 'Apps and websites' },
  // An app asks to act for the person: Allow or Cancel (logged out: login first, then back here).
  { path: '/oauth/consent/:uid/', access: P, screen: 'OauthConsent', page: 'oauth-consent', title: 'Authorize app', chrome: 'auth' },
  { path: '/explore/', access: P, screen: 'Explore', page: 'explore', title: 'Explore' },
  { path: '/explore/people/', access: P, screen: 'DiscoverPeople', page: 'plain', title: 'Discover people' },
  { path: '/explore/people/contacts/', access: P, screen: 'DiscoverPeople', page: 'plain', title: 'Discover people' },
  { path: '/explore/search/', access: P, screen: 'Search', page: 'plain', title: 'Search', chrome: 'sub' },
  { path: '/explore/tags/:tag/', access: 'public', screen: 'Hashtag', page: 'hashtag', chrome: 'sub' },
  { path: '/explore/tags/:tag/:tab/', access: 'public', screen: 'Hashtag', page: 'hashtag', chrome: 'sub' },
  { path: '/explore/locations/:id/', access: 'public', screen: 'Location', page: 'location', chrome: 'sub' },
  { path: '/explore/locations/:id/:slug/', access: 'public', screen: 'Location', page: 'location', chrome: 'sub' },
  // The location directory: countries, then a country's cities (`/explore/locations/US/...`), a city's places (`c{id}`).
  { path: '/explore/locations/', access: 'public', screen: 'LocationDirectory', page: 'location-directory', title: 'Locations', chrome: 'sub' },
  { path: '/locations/:id/', access: 'public', screen: 'Location', page: 'location', chrome: 'sub' },
  // Direct's pages have their own header on a phone (back, title, actions), as sub-pages do.
  { path: '/direct/inbox/', access: P, screen: 'Inbox', page: 'direct-inbox', title: 'Inbox', chrome: 'sub' },
  { path: '/direct/new/', access: P, screen: 'NewMessage', page: 'direct-new', title: 'New message', chrome: 'sub' },
  { path: '/direct/requests/', access: P, screen: 'MessageRequests', page: 'direct-requests', title: 'Message requests', chrome: 'sub' },
  { path: '/direct/t/:id/', access: P, screen: 'Thread', page: 'direct-thread', title: 'Direct', chrome: 'sub' },
  // The story viewer: a person's reel (from an item on), a highlight, a hashtag's or a place's
  // public stories, several people's reels, and a story reached from a direct message. Visitors
  // may open public stories; the viewer sends them to log in for any other.
  { path: '/stories/:username/', access: 'public', screen: 'Stories', page: 'plain', title: 'Stories' },
  { path: '/stories/:username/:initialMediaId/', access: 'public', screen: 'Stories', page: 'plain', title: 'Stories' },
  { path: '/stories/highlights/:highlightReelId/', access: 'public', screen: 'Stories', page: 'plain', title: 'Stories' },
  { path: '/stories/tags/:tag/', access: 'public', screen: 'Stories', page: 'plain', title: 'Stories' },
  { path: '/stories/locations/:locationId/', access: 'public', screen: 'Stories', page: 'plain', title: 'Stories' },
  { path: '/stories/launch_reels/', access: 'public', screen: 'Stories', page: 'plain', title: 'Stories' },
  { path: '/stories/direct/:reelId/', access: P, screen: 'Stories', page: 'plain', title: 'Stories' },
  { path: '/archive/stories/', access: P, screen: 'StoryArchive', page: 'plain', title: 'Stories archive' },
  { path: '/accounts/close_friends/', access: P, screen: 'CloseFriends', page: 'plain', title: 'Close friends' },
  { path: '/create/story/', access: P, screen: 'StoryCreate', page: 'plain', title: 'New story' },
  { path: '/create/story/*', access: P, screen: 'StoryCreate', page: 'plain', title: 'New story' },
  { path: '/create/*', access: P, screen: 'Create', page: 'plain', title: 'New post' },
  { path: '/p/:code/', access: 'public', screen: 'Post', page: 'post', chrome: 'sub' },
  { path: '/tv/:code/', access: 'public', screen: 'Post', page: 'post', chrome: 'sub' },
  // A post is also reachable with its caption appended, or behind its owner's name.
  { path: '/p/:code/caption/:caption/', access: 'public', screen: 'Post', page: 'post', chrome: 'sub' },
  { path: '/:username/p/:code/', access: 'public', screen: 'Post', page: 'post', chrome: 'sub' },
  { path: '/:username/tv/:code/', access: 'public', screen: 'Post', page: 'post', chrome: 'sub' },
  { path: '/p/:code/liked_by/', access: P, screen: 'LikedBy', page: 'post', chrome: 'sub' },
  { path: '/tv/:code/liked_by/', access: P, screen: 'LikedBy', page: 'post', chrome: 'sub' },
  { path: '/directory/profiles/', access: 'public', screen: 'Directory', page: 'directory', title: 'Profiles directory', chrome: 'sub' },
  { path: '/directory/profiles/:key/', access: 'public', screen: 'Directory', page: 'directory', title: 'Profiles directory', chrome: 'sub' },
  { path: '/directory/hashtags/', access: 'public', screen: 'Directory', page: 'directory', title: 'Hashtags directory', chrome: 'sub' },
  { path: '/directory/hashtags/:key/', access: 'public', screen: 'Directory', page: 'directory', title: 'Hashtags directory', chrome: 'sub' },
  // What people agree to and what happens to their data, linked from signup and the footer.
  { path: '/legal/terms/', access: 'public', screen: 'Legal', page: 'plain', title: 'Terms of Use' },
  { path: '/legal/privacy/', access: 'public', screen: 'Legal', page: 'plain', title: 'Data Policy' },
  { path: '/legal/cookies/', access: 'public', screen: 'Legal', page: 'plain', title: 'Cookies Policy' },
  // Spec 000 "terms accept, terms start, terms unblock, new terms confirm": where a logged-in person
  // meets terms that changed since they agreed (one screen, by path); see terms.ts.
  { path: '/terms/start/', access: P, screen: 'Terms', page: 'plain', title: 'Terms of Use', chrome: 'auth' },
  { path: '/terms/accept/', access: P, screen: 'Terms', page: 'plain', title: 'Terms of Use', chrome: 'auth' },
  { path: '/terms/unblock/', access: P, screen: 'Terms', page: 'plain', title: 'Terms of Use', chrome: 'auth' },
  { path: '/terms/new_terms_confirm/', access: P, screen: 'Terms', page: 'plain', title: 'Terms of Use', chrome: 'auth' },
  // Moderation (moderation.ts): staff's screens answer others as if they did not exist; the
  // suspended page is reached logged out, with the appeal token the refused login gave.
  { path: '/admin/reports/', access: P, screen: 'ModerationQueue', page: 'plain', title: 'Reports' },
  { path: '/admin/reports/:id/', access: P, screen: 'ModerationReport', page: 'plain', title: 'Report' },
  { path: '/admin/audit_log/', access: P, screen: 'AuditLog', page: 'plain', title: 'Audit log' },
  { path: '/admin/appeals/', access: P, screen: 'Appeals', page: 'plain', title: 'Appeals' },
  { path: '/accounts/strikes/', access: P, screen: 'Strikes', page: 'plain', title: 'Account status' },
  { path: '/accounts/suspended/', access: 'public', screen: 'Suspended', page: 'plain', title: 'Account suspended', chrome: 'auth' },
  { path: '/directory/suggested/:username/', access: 'public', screen: 'SuggestedDirectory', page: 'directory-suggested', title: 'Suggested profiles', chrome: 'sub' },
  { path: '/:username/', access: 'public', screen: 'Profile', page: 'profile' },
  { path: '/:username/tagged/', access: 'public', screen: 'Profile', page: 'profile' },
  { path: '/:username/channel/', access: 'public', screen: 'Profile', page: 'profile' },
  { path: '/:username/saved/', access: P, screen: 'Profile', page: 'profile' },
  { path: '/:username/followers/', access: P, screen: 'FollowList', page: 'profile', chrome: 'sub' },
  { path: '/:username/following/', access: P, screen: 'FollowList', page: 'profile', chrome: 'sub' },
  { path: '/:username/followers/:mutual/', access: P, screen: 'FollowList', page: 'profile', chrome: 'sub' },
  { path: '/:username/following/:mutual/', access: P, screen: 'FollowList', page: 'profile', chrome: 'sub' },
  { path: '/:username/similar_accounts/', access: P, screen: 'SimilarAccounts', page: 'profile', chrome: 'sub' },
  { path: '/:username/related_profiles/', access: P, screen: 'SimilarAccounts', page: 'profile', chrome: 'sub' },
  { path: '/:username/hashtag_following/', access: P, screen: 'HashtagFollowList', page: 'profile', chrome: 'sub' },
];

/**
 * A page's HTML carries, as JSON under this element id, what its first screen was rendered from
 * (the query cache entries, the layout width, the language): the client starts from the same.
 */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';
/** Set on #root when the server rendered the first screen into it: the client hydrates it, then removes it. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-ssr';

/** Path prefixes that belong to the API and files, never to the client. */
export const NON_CLIENT_PREFIXES = ['/api/', '/graphql/', '/web/', '/data/', '/media/', '/static/', '/assets/', '/dev/', '/create/upload/', '/create/configure/'];

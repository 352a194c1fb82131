import type { ComponentType } from 'react';
import type { ScreenName } from '@shutter/contract';

export type Loader = () => Promise<ComponentType>;

const auth = () => import('../features/auth/auth-pages');
const recovery = () => import('../features/auth/password-reset-pages');
const accounts = () => import('../features/accounts/account-pages');
const soon = () => import('../features/placeholders/placeholder-pages');
const profile = () => import('../features/profile/profile-page');
const posts = () => import('../features/posts/post-page');
const suggestions = () => import('../features/suggestions/suggestion-pages');
const directories = () => import('../features/directories/directory-pages');
const places = () => import('../features/places/place-page');
const direct = () => import('../features/direct/direct-pages');

export const loadCreateFlow = async () => (await import('../features/create/create-flow')).CreateFlow;
export const loadLikedByModal = async () => (await import('../features/posts/liked-by')).LikedByModal;
export const loadFollowListModal = async () => (await import('../features/friendships/follow-list')).FollowListModal;
export const loadCatchAll = async () => (await soon()).CatchAllPage;

/**
 * Each screen of the route table and the code-split module that holds it. A Record over every
 * ScreenName: the compiler fails when the table gains a screen this map lacks, or the other way.
 * `Home` is the index route, rendered eagerly (the landing page and the feed paint first).
 */
export const SCREEN_LOADERS: Record<Exclude<ScreenName, 'Home'>, Loader> = {
  Login: async () => (await auth()).LoginPage,
  Signup: async () => (await auth()).SignupPage,
  MultiStepSignup: async () => (await import('../features/auth/multi-step/multi-step-signup')).MultiStepSignupPage,
  ParentalConsent: async () => (await import('../features/auth/parental-consent-page')).ParentalConsentPage,
  OneTapUpsell: async () => (await import('../features/auth/one-tap-upsell-page')).OneTapUpsellPage,
  RegistrationInterstitial: async () => (await import('../features/auth/registration-interstitial-page')).RegistrationInterstitialPage,
  TwoFactor: async () => (await auth()).TwoFactorPage,
  PasswordReset: async () => (await recovery()).PasswordResetPage,
  PasswordResetConfirm: async () => (await recovery()).PasswordResetConfirmPage,
  PasswordChange: async () => (await accounts()).PasswordChangePage,
  LoginActivity: async () => (await accounts()).LoginActivityPage,
  TwoFactorSettings: async () => (await accounts()).TwoFactorSettingsPage,
  EditProfile: async () => (await import('../features/accounts/edit-profile-page')).EditProfilePage,
  EmailConfirm: async () => (await import('../features/accounts/email-confirm-page')).EmailConfirmPage,
  PhoneConfirm: async () => (await import('../features/accounts/phone-confirm-page')).PhoneConfirmPage,
  Activity: async () => (await import('../features/activity/activity-page')).ActivityPage,
  Privacy: async () => (await import('../features/settings/privacy-settings-page')).PrivacySettingsPage,
  CommentFilter: async () => (await import('../features/settings/comment-filter-page')).CommentFilterPage,
  NotificationSettings: async () => (await import('../features/settings/notification-settings-page')).NotificationSettingsPage,
  EmailsSent: async () => (await import('../features/settings/emails-sent-page')).EmailsSentPage,
  Deactivate: async () => (await import('../features/leaving/deactivate-page')).DeactivatePage,
  DeleteAccount: async () => (await import('../features/leaving/delete-page')).DeletePage,
  DownloadData: async () => (await import('../features/leaving/download-data-page')).DownloadDataPage,
  Legal: async () => (await import('../features/legal/legal-page')).LegalPage,
  Terms: async () => (await import('../features/terms/terms-page')).TermsPage,
  Explore: async () => (await import('../features/explore/explore-page')).ExplorePage,
  DiscoverPeople: async () => (await suggestions()).DiscoverPeoplePage,
  Search: async () => (await import('../features/search/search-box')).SearchPage,
  Hashtag: async () => (await import('../features/hashtags/hashtag-page')).HashtagPage,
  Location: async () => (await places()).LocationScreen,
  Inbox: async () => (await direct()).InboxPage,
  NewMessage: async () => (await direct()).NewMessagePage,
  MessageRequests: async () => (await direct()).MessageRequestsPage,
  Thread: async () => (await direct()).ThreadPage,
  Stories: async () => (await import('../features/stories/stories-page')).StoriesPage,
  StoryCreate: async () => (await import('../features/story-create/story-create-page')).StoryCreatePage,
  StoryArchive: async () => (await import('../features/highlights/archive-page')).StoryArchivePage,
  CloseFriends: async () => (await import('../features/close-friends/close-friends-page')).CloseFriendsPage,
  Post: async () => (await posts()).PostPage,
  LikedBy: async () => (await import('../features/posts/liked-by')).LikedByPage,
  Create: loadCreateFlow,
  Profile: async () => (await profile()).ProfilePage,
  FollowList: async () => (await import('../features/friendships/follow-list')).FollowListPage,
  SimilarAccounts: async () => (await suggestions()).SimilarAccountsPage,
  Directory: async () => (await directories()).DirectoryPage,
  SuggestedDirectory: async () => (await directories()).SuggestedDirectoryPage,
  LocationDirectory: async () => (await import('../features/places/directory-pages')).LocationDirectoryPage,
  HashtagFollowList: async () => (await import('../features/hashtags/hashtag-follow-list')).HashtagFollowListPage,
  ModerationQueue: async () => (await import('../features/moderation/queue-page')).ModerationQueuePage,
  ModerationReport: async () => (await import('../features/moderation/report-page')).ModerationReportPage,
  AuditLog: async () => (await import('../features/moderation/audit-log-page')).AuditLogPage,
  Appeals: async () => (await import('../features/moderation/appeals-page')).AppealsPage,
  Strikes: async () => (await import('../features/moderation/strikes-page')).StrikesPage,
  Suspended: async () => (await import('../features/moderation/suspended-page')).SuspendedPage,
  ContactHistory: async () => (await import('../features/contact-import/contact-history-page')).ContactHistoryPage,
  ManageAccess: async () => (await import('../features/connected-apps/manage-access-page')).ManageAccessPage,
  OauthConsent: async () => (await import('../features/connected-apps/consent-page')).OauthConsentPage,
};

import { z } from 'zod';
import type { PageKind } from '../client-routes.js';
import { edgesOf, idString, pageInfo, timestamp, userSummary } from './common.js';
import { profileForm } from './accounts.js';
import { twoFactorState } from './two-factor.js';
import { contactHistory } from './contact-import.js';
import { consentRequest, manageAccess } from './connected-apps.js';
import { emailsSent, commentFilterAnswer, notificationSettings, privacySettingsAnswer } from './settings.js';
import { hashtag } from './hashtags.js';
import { mediaNode } from './posts.js';
import { explore } from './explore.js';
import { loginSession, profileUser, suspiciousLogin, viewer } from './users.js';
import { directoryPage, suggestedDirectoryPage } from './directories.js';
import { cityPage, countryPage, directoryLanding, placePage } from './places.js';
import { directInbox, directPendingInbox, directThreadAnswer } from './direct.js';
import { reportingFlags } from './reports.js';
import { dataDownloadStatus } from './leaving.js';
import { ROLES } from '../moderation.js';

/** Page data: what a client route answers at ?__a=1, by the route's kind of page. */

const ok = z.literal('ok');

export const sharedData = z.object({
  config: z.object({ viewer: viewer.nullable(), csrf_token: z.string() }),
  gdpr_required: z.boolean(),
  tos_version: z.string(),
  language_code: z.string(),
  direct: z.object({
    enabled: z.boolean().describe('Direct messages are offered; when not, every /direct/ page sends the viewer to /.'),
    desktop: z.boolean().describe('The desktop layout of direct; when not, desktops get the mobile pages.'),
  }),
  oidc: z.object({
    name: z.string().nullable().describe('OIDC_NAME, for the "Continue with …" button; null when the operator named none.'),
  }).nullable().optional().describe('Sign-in with the operator\'s OpenID Connect provider (at /accounts/oidc/start/); null when it is off, absent in the prerendered landing page.'),
  terms_pending: z.enum(['new_terms', 'blocked']).nullable().optional().describe('The logged-in viewer must agree to the terms in force first (new_terms), or said "Not now" and is blocked until they agree; null when nothing waits.'),
  credential_auto_login: z.boolean().optional().describe('CREDENTIAL_AUTO_LOGIN: logged-out pages try the browser\'s saved password once per load; absent in the prerendered landing page.'),
  reporting: reportingFlags.optional().describe('Which things may be reported (REPORTING_* switches); absent in the prerendered landing page.'),
  role: z.enum(ROLES).optional().describe('The logged-in viewer\'s role (member, moderator, admin): staff see the moderation screens. Absent when logged out.'),
  status: ok,
}).meta({ id: 'SharedData', description: 'The viewer and the csrf token, also embedded in every HTML page.' });

export const landingPage = z.object({
  landing: z.object({
    captcha_enabled: z.boolean(),
    prefill_phone: z.string().nullable(),
    redirect_url: z.string(),
    gdpr_required: z.boolean(),
    tos_version: z.string(),
    parental_consent_age: z.number().int().nullable(),
  }),
  one_tap_accounts: z.array(z.object({
    user_id: idString,
    username: z.string(),
    profile_pic_url: z.string(),
    login_nonce: z.string().describe('Single use, for POST /accounts/one_tap_web_login/; a new one with every landing page.'),
  })).describe('Accounts whose login info this browser saved (its one_tap cookie), newest first; the landing page offers "Continue as" for them. Empty except on `/`.'),
  login_error: z.object({
    username: z.string(),
    message: z.string(),
  }).optional().describe('Only in the login page a refused form post (POST /accounts/login/) answers with: what was typed and why it was refused.'),
  status: ok,
}).meta({ id: 'LandingPage' });

export const oneTapUpsellPage = z.object({
  one_tap_saved: z.boolean().describe('This browser already holds a saved login for the viewer: the upsell is skipped.'),
  status: ok,
}).meta({ id: 'OneTapUpsellPage' });

export const activityItem = z.object({
  id: idString,
  type: z.string(),
  timestamp,
  user: userSummary,
  media: z.object({ id: idString, shortcode: z.string(), thumbnail_src: z.string().nullable() }).nullable(),
  story: z.object({ id: idString, thumbnail_src: z.string().nullable() }).nullable().optional().describe('The story a story_mention is about (its owner is `user`).'),
  text: z.string().nullable(),
  system: z.boolean().optional().describe('A notice from the service itself (strike, report_reviewed, appeal_decided): `user` is the reader; show the product\'s mark and link to /accounts/strikes/.'),
  tag_status: z.enum(['pending', 'approved']).nullable().optional().describe("A usertag item: the reader's tag on the post waits for their review (pending), is approved, or was removed (null)."),
}).meta({ id: 'ActivityItem' });

const plainPage = z.object({ status: ok });

export const pageData = {
  home: z.union([landingPage, z.object({ viewer, status: ok })]),
  login: landingPage,
  signup: landingPage,
  'password-reset': plainPage,
  'one-tap-upsell': oneTapUpsellPage,
  'login-activity': z.object({ sessions: z.array(loginSession), suspicious_logins: z.array(suspiciousLogin), page_info: pageInfo, status: ok }),
  'two-factor': twoFactorState,
  'edit-profile': z.object({ form_data: profileForm, status: ok }),
  activity: z.object({
    graphql: z.object({ user: z.object({ activity_feed: z.object({ timestamp, edge_web_activity_feed: edgesOf(activityItem) }) }) }),
    status: ok,
  }),
  hashtag: z.object({ graphql: z.object({ hashtag }), status: ok }),
  location: z.union([placePage, cityPage, countryPage]),
  'location-directory': directoryLanding,
  post: z.object({ graphql: z.object({ shortcode_media: mediaNode }), status: ok }),
  profile: z.object({ graphql: z.object({ user: profileUser }), show_suggested_profiles: z.boolean(), status: ok }),
  directory: directoryPage,
  'directory-suggested': suggestedDirectoryPage,
  explore: z.object({ graphql: z.object({ explore }), status: ok }),
  'direct-inbox': directInbox,
  'direct-requests': directPendingInbox,
  'direct-thread': directThreadAnswer,
  'direct-new': plainPage,
  'contact-history': contactHistory,
  'manage-access': manageAccess,
  'oauth-consent': consentRequest,
  'privacy-settings': privacySettingsAnswer,
  'comment-filter': commentFilterAnswer,
  'notification-settings': notificationSettings,
  'emails-sent': emailsSent,
  'delete-account': z.object({ deletion_days: z.number().int().min(0), status: ok }),
  'download-data': dataDownloadStatus,
  plain: plainPage,
} as const satisfies Record<PageKind, z.ZodType>;

export type PageData<K extends PageKind> = z.infer<(typeof pageData)[K]>;
export type SharedDataResult = z.infer<typeof sharedData>;
export type ActivityItem = z.infer<typeof activityItem>;

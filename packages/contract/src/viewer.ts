import type { PageInfo } from './pages.js';
import type { OneTapAccount } from './one-tap.js';
import type { TermsPending } from './terms.js';
import type { ReportingFlags } from './reports.js';
import type { Role } from './moderation.js';

/** The logged-in viewer as the client knows it (spec 000 §3). */
export interface Viewer {
  id: string;
  username: string;
  full_name: string;
  has_profile_pic: boolean;
  profile_pic_url: string;
  profile_pic_url_hd: string;
}

/** Answer of GET /data/shared_data/ and the JSON embedded in every HTML page. */
export interface SharedData {
  config: { viewer: Viewer | null; csrf_token: string };
  gdpr_required: boolean;
  tos_version: string;
  language_code: string;
  /** Whether direct messages are offered (DIRECT_ENABLED), and in their desktop layout (DIRECT_DESKTOP). */
  direct: { enabled: boolean; desktop: boolean };
  /**
   * Sign-in with the operator's OpenID Connect provider, when it is on: the provider's name for its
   * button (null: the client's words for "your provider"). Absent in the prerendered landing page.
   */
  oidc?: { name: string | null } | null;
  /** Spec 002 §4: logged-out pages try the browser's saved password (CREDENTIAL_AUTO_LOGIN); absent in the prerendered landing page. */
  credential_auto_login?: boolean;
  /** What the logged-in viewer's terms ask of them before anything else (terms.ts); absent or null: nothing. */
  terms_pending?: TermsPending;
  /** Which things the viewer may report (REPORTING_* switches); absent in the prerendered landing page. */
  reporting?: ReportingFlags;
  /** The logged-in viewer's role: staff see the moderation screens. Absent when logged out. */
  role?: Role;
  status: 'ok';
}

/** Page data of the logged-out landing and login routes (spec 000 §2). */
export interface LandingPageData {
  landing: {
    captcha_enabled: boolean;
    prefill_phone: string | null;
    redirect_url: string;
    gdpr_required: boolean;
    tos_version: string;
    /** Below this age a parent approves the account (the operator's PARENTAL_CONSENT_AGE); null: never. */
    parental_consent_age: number | null;
  };
  /** The accounts this browser saved its login info for (newest first), on `/` only; empty elsewhere. */
  one_tap_accounts: OneTapAccount[];
  /** A refused login form post (no script): the username typed and the message, rendered into the form. */
  login_error?: LoginFormError;
  status: 'ok';
}

export interface LoginFormError {
  username: string;
  message: string;
}

export interface LoginSession {
  id: string;
  device: string;
  browser: string;
  os: string;
  ip: string;
  created_at: number;
  last_active_at: number;
  is_current: boolean;
}

/** A login from a device and place the account had not used (spec 001: suspiciousLogins). */
export interface SuspiciousLogin {
  id: string;
  device: string;
  browser: string;
  os: string;
  ip: string;
  login_timestamp: number;
  is_confirmed: boolean;
  is_current: boolean;
}

/** The profile header shape of graphql.user (filled further by the profiles issue). */
export interface ProfileUser {
  id: string;
  username: string;
  full_name: string;
  biography: string;
  external_url: string | null;
  profile_pic_url: string;
  profile_pic_url_hd: string;
  is_private: boolean;
  is_verified: boolean;
  edge_followed_by: { count: number };
  edge_follow: { count: number };
  /** With the first page of posts when the viewer may see them. */
  edge_owner_to_timeline_media: { count: number; edges?: { node: import('./posts.js').MediaNode }[]; page_info?: PageInfo };
  edge_user_to_photos_of_you?: { count: number };
  /** The viewer's relation to this account (all false on the own profile and for visitors). */
  followed_by_viewer: boolean;
  follows_viewer: boolean;
  requested_by_viewer: boolean;
  has_requested_viewer: boolean;
  blocked_by_viewer: boolean;
  /** Their live story, for the ring around the header's picture. */
  reel?: import('./posts.js').ReelRing | null;
}

/** Every failure answer of the API. */
export interface FailBody {
  status: 'fail';
  message: string;
}

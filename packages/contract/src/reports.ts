/**
 * Reporting (spec 001 "Reporting", "Reporting flow"): anyone logged in may report a post, a person,
 * a comment, a story or a direct message through guided screens the service sends, so operators
 * change the reasons and their words without a new client.
 */

/** R-001-reporting-1: what a screen is. */
export const FRX_SCREEN = { tagSelection: 1, confirmation: 2, policyEducation: 3, selectVictim: 4 } as const;
export type FrxScreenType = (typeof FRX_SCREEN)[keyof typeof FRX_SCREEN];

/** R-001-reporting-2: what the client asks for. */
export const FRX_REQUEST = { start: 1, submit: 2, selectVictim: 3, policyEducation: 4 } as const;
export type FrxRequestType = (typeof FRX_REQUEST)[keyof typeof FRX_REQUEST];

/** R-001-reporting-3: how a tag selection screen lays out its tags. */
export const FRX_TAG_STYLE = { tags: 1, list: 2, radioButtons: 3 } as const;
export type FrxTagStyle = (typeof FRX_TAG_STYLE)[keyof typeof FRX_TAG_STYLE];

/** R-001-reporting-4: what a prompt button does. */
export const FRX_BUTTON_ACTION = { redirect: 1, affirmative: 2, back: 3, negative: 4 } as const;
export type FrxButtonAction = (typeof FRX_BUTTON_ACTION)[keyof typeof FRX_BUTTON_ACTION];

/** What may be reported, as `object_type` names it. */
export const REPORT_OBJECT_TYPES = ['media', 'user', 'comment', 'story', 'direct_message'] as const;
export type ReportObjectType = (typeof REPORT_OBJECT_TYPES)[number];

export const FRX_PROMPT_PATH = '/reports/web/get_frx_prompt/';
export const FRX_LOG_TAG_PATH = '/reports/web/log_tag_selected/';
export const FRX_GUIDED_ACTION_PATH = '/reports/web/handle_guided_action/';
/** Where "Report a problem" posts; the service names it in every screen (`problem_report_path`). */
export const PROBLEM_REPORT_PATH = '/reports/web/problem/';

/** A reason to pick. `tag_type` is what goes back in `selected_tag_types`. */
export interface FrxTag {
  tag_type: string;
  tag_text: string;
  /** A line under the tag's text, where the reason needs one. */
  tag_subtext?: string;
}

export interface FrxPromptButton {
  action: FrxButtonAction;
  text: string;
  /** For a redirect: where it goes (a help page). */
  url?: string;
  /** For an affirmative button at the end: the follow-up it starts. */
  guided_action?: FrxGuidedAction;
}

/** The follow-ups a confirmation offers (R-001-reporting-8), sent to FRX_GUIDED_ACTION_PATH. */
export type FrxGuidedAction = 'unfollow' | 'block' | 'restrict' | 'mute';

/** One screen the service sends. `context` is opaque: the client sends it back with the next request. */
export interface FrxScreen {
  screen_type: FrxScreenType;
  context: string;
  title: string;
  subtitle?: string;
  /** Tag selection: the reasons and how to lay them out. */
  tags?: FrxTag[];
  tag_style?: FrxTagStyle;
  /** Policy education: the rule, in paragraphs. */
  body?: string[];
  /** Select victim: who the report is about (me, someone I know, someone else). */
  victims?: FrxTag[];
  buttons?: FrxPromptButton[];
  /** The request type the next request of this screen carries, null at the end (R-001-reporting-6). */
  next_request_type: FrxRequestType | null;
  problem_report_path: string;
}

/** Answer of POST FRX_PROMPT_PATH. */
export interface FrxPromptAnswer {
  response: FrxScreen;
  status: 'ok';
}

/**
 * Reporting per type is an operator's switch (R-001-reporting-13): REPORTING_MEDIA, REPORTING_USER,
 * REPORTING_COMMENT, REPORTING_STORY, REPORTING_DIRECT_MESSAGE (on unless `false`). The viewer's
 * shared data carries the result as `reporting`.
 */
export type ReportingFlags = Record<ReportObjectType, boolean>;

export const FRX_GUIDED_ACTIONS = ['unfollow', 'block', 'restrict', 'mute'] as const satisfies readonly FrxGuidedAction[];

/** Answer of POST FRX_GUIDED_ACTION_PATH: the follow-up was done to this person (the reported thing's owner). */
export interface FrxGuidedActionAnswer {
  action: FrxGuidedAction;
  user_id: string;
  status: 'ok';
}

/** Who a bullying or impersonation report is about (a select victim screen's choices, sent as `victim`). */
export const REPORT_VICTIMS = ['me', 'someone_i_know', 'someone_else'] as const;
export type ReportVictim = (typeof REPORT_VICTIMS)[number];

/** How many reports one person may file: per hour and per day (429 past either). */
export const REPORT_LIMITS = {
  hour: { max: 20, windowMs: 60 * 60 * 1000 },
  day: { max: 100, windowMs: 24 * 60 * 60 * 1000 },
} as const;

/** "Report a problem": its text's length, and how many one person may send an hour. */
export const PROBLEM_REPORT_MAX_CHARS = 2000;
export const PROBLEM_REPORT_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;

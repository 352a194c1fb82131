import {
  FRX_BUTTON_ACTION, FRX_REQUEST, FRX_SCREEN, FRX_TAG_STYLE, PROBLEM_REPORT_PATH,
  type FrxPromptButton, type FrxScreen, type FrxTag, type ReportObjectType, type ReportVictim,
} from '@shutter/contract';
import { THING_WORDS, topReasons, type Reason } from './reasons.js';

/**
 * The screens of the reporting flow, built from the reasons (reasons.ts). Each names the request
 * type its next request carries (R-001-reporting-6): a tag selection is answered by a submit, a
 * select victim and a policy education screen by their own type, and the confirmation ends it.
 */

const tagOf = (r: Reason): FrxTag => ({ tag_type: r.tag_type, tag_text: r.text, ...(r.subtext ? { tag_subtext: r.subtext } : {}) });

const VICTIMS: Record<ReportVictim, string> = { me: 'Me', someone_i_know: 'Someone I know', someone_else: 'Someone else' };

const screen = (s: Omit<FrxScreen, 'problem_report_path'>): FrxScreen => ({ ...s, problem_report_path: PROBLEM_REPORT_PATH });

/** The first screen: why the thing is reported, as a list. */
export function firstTagScreen(type: ReportObjectType, context: string): FrxScreen {
  return screen({
    screen_type: FRX_SCREEN.tagSelection,
    context,
    title: `Why are you reporting this ${THING_WORDS[type]}?`,
    subtitle: "Your report is anonymous. If someone is in immediate danger, call your local emergency services - don't wait.",
    tags: topReasons(type).map(tagOf),
    tag_style: FRX_TAG_STYLE.list,
    next_request_type: FRX_REQUEST.submit,
  });
}

/** A second choice that narrows a reason ("Hate speech" -> who it is directed at). */
export function narrowTagScreen(reason: Reason & Required<Pick<Reason, 'narrow'>>, context: string): FrxScreen {
  return screen({
    screen_type: FRX_SCREEN.tagSelection,
    context,
    title: reason.narrow.title,
    tags: reason.narrow.reasons.map(tagOf),
    tag_style: reason.narrow.style,
    buttons: [{ action: FRX_BUTTON_ACTION.back, text: 'Back' }],
    next_request_type: FRX_REQUEST.submit,
  });
}

export function victimScreen(reason: Reason & Required<Pick<Reason, 'victim'>>, context: string): FrxScreen {
  return screen({
    screen_type: FRX_SCREEN.selectVictim,
    context,
    title: reason.victim.title,
    victims: Object.entries(VICTIMS).map(([tag_type, tag_text]) => ({ tag_type, tag_text })),
    buttons: [{ action: FRX_BUTTON_ACTION.back, text: 'Back' }],
    next_request_type: FRX_REQUEST.selectVictim,
  });
}

/** What the rule says, a help page, then "Submit report" (a policy education request). */
export function educationScreen(reason: Reason & Required<Pick<Reason, 'education'>>, context: string): FrxScreen {
  const { title, body, link } = reason.education;
  return screen({
    screen_type: FRX_SCREEN.policyEducation,
    context,
    title,
    body,
    buttons: [
      { action: FRX_BUTTON_ACTION.redirect, text: link.text, url: link.url },
      { action: FRX_BUTTON_ACTION.affirmative, text: 'Submit report' },
      { action: FRX_BUTTON_ACTION.back, text: 'Back' },
    ],
    next_request_type: FRX_REQUEST.policyEducation,
  });
}

/** Where the viewer stands with the thing's owner, for the follow-ups offered at the end. */
export interface OwnerStanding {
  username: string;
  following: boolean;
  blocking: boolean;
}

/** The end (R-001-reporting-8): thanks, and the unfollow and block follow-ups that still apply. */
export function confirmationScreen(owner: OwnerStanding, context: string): FrxScreen {
  const buttons: FrxPromptButton[] = [];
  if (owner.following) buttons.push({ action: FRX_BUTTON_ACTION.affirmative, text: `Unfollow ${owner.username}`, guided_action: 'unfollow' });
  if (!owner.blocking) buttons.push({ action: FRX_BUTTON_ACTION.affirmative, text: `Block ${owner.username}`, guided_action: 'block' });
  buttons.push({ action: FRX_BUTTON_ACTION.negative, text: 'Close' });
  return screen({
    screen_type: FRX_SCREEN.confirmation,
    context,
    title: 'Thanks for letting us know',
    subtitle: 'Your feedback is important in helping us keep our community safe. We only remove what goes against our guidelines; reports alone never hide anything.',
    buttons,
    next_request_type: null,
  });
}

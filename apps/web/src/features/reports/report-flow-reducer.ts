import { FRX_REQUEST, FRX_SCREEN, type FrxGuidedAction, type FrxRequestType, type FrxScreen, type FrxScreenType, type ReportObjectType } from '@shutter/contract';

/**
 * The reporting flow (spec 001 "Reporting flow"): the screens the service sends are kept as a stack,
 * each request carries an id and only the answer to the pending one is taken, and every reportable
 * thing has its own mode (steps, then done once the report is filed).
 */

/** Who owns the reported thing: named in the follow-ups (Unfollow, Block) and updated after them. */
export interface ReportOwner {
  id: string;
  username: string;
}

export interface ReportTarget {
  objectType: ReportObjectType;
  objectId: string;
  owner: ReportOwner;
}

/** What the next call to the prompt endpoint carries. */
export interface FrxRequest {
  requestType: FrxRequestType;
  selectedTags: string[];
  context: string;
  victim?: string;
}

/** A screen on the stack and the tags chosen on the way to it (sent again with its next request). */
export interface StackEntry {
  screen: FrxScreen;
  tags: string[];
}

export type ReportMode = 'closed' | 'steps' | 'done';

export interface FollowUp {
  action: Extract<FrxGuidedAction, 'unfollow' | 'block'>;
  status: 'pending' | 'done' | 'failed';
}

export interface ReportFlowState {
  target: ReportTarget | null;
  /** Bottom first; the current screen is the last. */
  stack: StackEntry[];
  /** The request in flight; an answer with another id is stale. */
  pending: { id: number; request: FrxRequest; init: boolean } | null;
  /** The last request that failed, to send again on Retry. */
  failed: { request: FrxRequest; init: boolean; message: string } | null;
  /** Set while a step that may file the report is on its way, cleared on its success or failure. */
  isProcessing: boolean;
  category: ReportObjectType | null;
  commentReportMode: ReportMode;
  mediaReportMode: ReportMode;
  userReportMode: ReportMode;
  storyReportMode: ReportMode;
  directMessageReportMode: ReportMode;
  followUp: FollowUp | null;
}

type ModeKey = 'commentReportMode' | 'mediaReportMode' | 'userReportMode' | 'storyReportMode' | 'directMessageReportMode';

const MODE_KEY: Record<ReportObjectType, ModeKey> = {
  comment: 'commentReportMode',
  media: 'mediaReportMode',
  user: 'userReportMode',
  story: 'storyReportMode',
  direct_message: 'directMessageReportMode',
};

export const initialReportFlow: ReportFlowState = {
  target: null,
  stack: [],
  pending: null,
  failed: null,
  isProcessing: false,
  category: null,
  commentReportMode: 'closed',
  mediaReportMode: 'closed',
  userReportMode: 'closed',
  storyReportMode: 'closed',
  directMessageReportMode: 'closed',
  followUp: null,
};

/** R-001-reporting-6: the request a screen of each type continues with (null: the flow ends there). */
export const NEXT_REQUEST_BY_SCREEN: Record<FrxScreenType, FrxRequestType | null> = {
  [FRX_SCREEN.tagSelection]: FRX_REQUEST.submit,
  [FRX_SCREEN.policyEducation]: FRX_REQUEST.policyEducation,
  [FRX_SCREEN.selectVictim]: FRX_REQUEST.selectVictim,
  [FRX_SCREEN.confirmation]: null,
};

/** A screen this client can show: a known type whose next request is the one the spec gives it. */
export function screenMatchesSpec(screen: FrxScreen): boolean {
  return screen.screen_type in NEXT_REQUEST_BY_SCREEN && NEXT_REQUEST_BY_SCREEN[screen.screen_type] === screen.next_request_type;
}

export type ReportFlowAction =
  | { type: 'open'; target: ReportTarget }
  /**
   * A screen request under an id the caller makes (and answers with); `init` replaces the stack
   * with its answer (the start), else the answer is pushed.
   */
  | { type: 'requestScreen'; requestId: number; request: FrxRequest; init?: boolean }
  | { type: 'screenLoaded'; requestId: number; screen: FrxScreen }
  | { type: 'requestFailed'; requestId: number; message: string }
  | { type: 'back' }
  | { type: 'startFollowUp'; action: FollowUp['action'] }
  | { type: 'followUpDone' }
  | { type: 'followUpFailed' }
  | { type: 'close' };

export function currentEntry(state: ReportFlowState): StackEntry | null {
  return state.stack[state.stack.length - 1] ?? null;
}

export function modeOf(state: ReportFlowState, objectType: ReportObjectType): ReportMode {
  return state[MODE_KEY[objectType]];
}

export function reportFlowReducer(state: ReportFlowState, action: ReportFlowAction): ReportFlowState {
  switch (action.type) {
    case 'open':
      return { ...initialReportFlow, target: action.target, category: action.target.objectType, [MODE_KEY[action.target.objectType]]: 'steps' };
    case 'requestScreen': {
      if (!state.target) return state;
      return {
        ...state,
        pending: { id: action.requestId, request: action.request, init: !!action.init },
        failed: null,
        // Every answer after the start may be the one that files the report.
        isProcessing: action.request.requestType !== FRX_REQUEST.start,
      };
    }
    case 'screenLoaded': {
      const { pending, target } = state;
      if (!pending || pending.id !== action.requestId || !target) return state;
      if (!screenMatchesSpec(action.screen)) {
        return { ...state, pending: null, isProcessing: false, failed: { request: pending.request, init: pending.init, message: 'unexpected_screen' } };
      }
      const entry: StackEntry = { screen: action.screen, tags: pending.request.selectedTags };
      return {
        ...state,
        stack: pending.init ? [entry] : [...state.stack, entry],
        pending: null,
        isProcessing: false,
        // The confirmation comes only once the report is filed.
        ...(action.screen.screen_type === FRX_SCREEN.confirmation ? { [MODE_KEY[target.objectType]]: 'done' } : {}),
      };
    }
    case 'requestFailed': {
      const { pending } = state;
      if (!pending || pending.id !== action.requestId) return state;
      return { ...state, pending: null, isProcessing: false, failed: { request: pending.request, init: pending.init, message: action.message } };
    }
    case 'back':
      // Whatever was on its way belongs to the screen being left.
      if (state.stack.length < 2) return { ...state, pending: null, failed: null, isProcessing: false };
      return { ...state, stack: state.stack.slice(0, -1), pending: null, failed: null, isProcessing: false, followUp: null };
    case 'startFollowUp':
      return { ...state, followUp: { action: action.action, status: 'pending' } };
    case 'followUpDone':
      return state.followUp ? { ...state, followUp: { ...state.followUp, status: 'done' } } : state;
    case 'followUpFailed':
      return state.followUp ? { ...state, followUp: { ...state.followUp, status: 'failed' } } : state;
    case 'close':
      return initialReportFlow;
  }
}

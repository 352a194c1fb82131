import {
  FRX_REQUEST, REPORT_VICTIMS, type FrxGuidedAction, type FrxRequestType, type FrxScreen, type ReportingFlags,
  type ReportObjectType, type ReportVictim,
} from '@shutter/contract';
import { badRequest, HttpError } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Access } from '../access/service.js';
import type { FlowContext, FlowState } from './context.js';
import { isReasonOf, reasonOf, THING_WORDS, topReasons, type Reason } from './reasons.js';
import type { ReportsRepository } from './repository.js';
import { confirmationScreen, educationScreen, firstTagScreen, narrowTagScreen, victimScreen } from './screens.js';
import type { ReportTarget, ReportTargets } from './targets.js';

export interface PromptInput {
  object_type: ReportObjectType;
  object_id: string;
  frx_prompt_request_type: FrxRequestType;
  selected_tag_types: string[];
  context?: string;
  victim?: ReportVictim;
}

export interface FlowDeps {
  repo: Pick<ReportsRepository, 'file'>;
  targets: ReportTargets;
  access: Pick<Access, 'relationship'>;
  contexts: FlowContext;
  flags: ReportingFlags;
  nextId: IdGenerator;
  /** Counts one filed report of the person; throws the 429 when they are past their limit. */
  paceFiling: (reporterId: string) => Promise<void>;
  /** The follow-ups, done by the friendships area. */
  unfollow: (viewerId: string, userId: string) => Promise<void>;
  block: (viewerId: string, userId: string) => Promise<void>;
  now?: () => number;
}

/** R-001-reporting-13: a type the operator turned off is refused, with a reason the client can tell apart. */
const disabled = (type: ReportObjectType) =>
  new HttpError(403, `Reporting a ${THING_WORDS[type]} is turned off.`, { error_type: 'reporting_disabled' });

/** The step a request type continues, and its name in a refusal. */
const STEP_OF: Record<FrxRequestType, FlowState['step'] | null> = {
  [FRX_REQUEST.start]: null,
  [FRX_REQUEST.submit]: 'tags',
  [FRX_REQUEST.selectVictim]: 'victim',
  [FRX_REQUEST.policyEducation]: 'education',
};

/**
 * The reporting flow: each request is checked against the signed state of the screen it answers,
 * then answered with the next screen; the last step files the report and thanks the reporter.
 */
export function createReportFlow(deps: FlowDeps) {
  const now = deps.now ?? Date.now;

  function allowed(type: ReportObjectType) {
    if (!deps.flags[type]) throw disabled(type);
  }

  /** The flow's state, for the same viewer and the same thing. */
  function stateOf(viewerId: string, context: string | undefined, type: ReportObjectType, id: string): FlowState {
    if (!context) throw badRequest('context is required: send back the context of the screen you answer.');
    const state = deps.contexts.open(context, viewerId);
    if (state.type !== type || state.id !== id) throw badRequest(`This report is about another ${THING_WORDS[state.type]}. Start again.`);
    return state;
  }

  /** The reasons the viewer has chosen, top one first, each one narrowing the one before. */
  function chosenPath(state: FlowState, selected: string[]): Reason[] {
    const chosen = selected[selected.length - 1];
    if (!chosen) throw badRequest('Choose a reason.');
    // This screen's choice is the last one sent; the signed context, not the client, holds those before it.
    const tags = [...state.path, chosen];
    const path: Reason[] = [];
    for (const [i, tag] of tags.entries()) {
      const offered = i === 0 ? topReasons(state.type) : path[i - 1]!.narrow?.reasons ?? [];
      const reason = offered.find((r) => r.tag_type === tag);
      if (!reason) throw badRequest(`${tag} is not a reason offered here.`);
      path.push(reason);
    }
    return path;
  }

  async function file(viewerId: string, state: FlowState, victim: ReportVictim | null, target: ReportTarget): Promise<FrxScreen> {
    await deps.paceFiling(viewerId);
    await deps.repo.file({
      id: deps.nextId(), objectType: state.type, objectId: state.id, targetUserId: state.owner, reporterId: viewerId, tags: state.path, victim,
    });
    const rel = await deps.access.relationship(viewerId, state.owner);
    return confirmationScreen(
      { username: target.ownerUsername, following: rel.following, blocking: rel.blocking },
      deps.contexts.seal({ ...state, step: 'done' }),
    );
  }

  return {
    async prompt(viewerId: string, input: PromptInput): Promise<FrxScreen> {
      const { object_type: type, object_id: id, frx_prompt_request_type: request } = input;
      allowed(type);
      // Each step checks the thing again: deleted or hidden since the flow began, it cannot be reported.
      const target = await deps.targets.resolve(viewerId, type, id);
      if (request === FRX_REQUEST.start) {
        const state: FlowState = { viewer: viewerId, type, id, owner: target.ownerId, path: [], step: 'tags', at: now() };
        return firstTagScreen(type, deps.contexts.seal(state));
      }
      const state = stateOf(viewerId, input.context, type, id);
      if (state.step !== STEP_OF[request]) {
        throw badRequest(state.step === 'done' ? 'This report was already sent.' : `This screen is not answered by request type ${request}.`);
      }
      if (request === FRX_REQUEST.selectVictim) {
        if (!input.victim) throw badRequest(`victim is required: one of ${REPORT_VICTIMS.join(', ')}.`);
        return file(viewerId, state, input.victim, target);
      }
      if (request === FRX_REQUEST.policyEducation) return file(viewerId, state, null, target);

      const path = chosenPath(state, input.selected_tag_types);
      const reason = path[path.length - 1]!;
      const next = (step: FlowState['step']) => deps.contexts.seal({ ...state, path: path.map((r) => r.tag_type), step });
      if (reason.narrow) return narrowTagScreen({ ...reason, narrow: reason.narrow }, next('tags'));
      if (reason.victim) return victimScreen({ ...reason, victim: reason.victim }, next('victim'));
      if (reason.education) return educationScreen({ ...reason, education: reason.education }, next('education'));
      return file(viewerId, { ...state, path: path.map((r) => r.tag_type) }, null, target);
    },

    /** R-001-reporting-14: a reason the viewer picked, for the record (nothing is filed). */
    logTag(viewerId: string, input: { object_type: ReportObjectType; object_id: string; tag_type: string; context: string }) {
      allowed(input.object_type);
      stateOf(viewerId, input.context, input.object_type, input.object_id);
      if (!reasonOf(input.tag_type) || !isReasonOf(input.object_type, input.tag_type)) throw badRequest(`${input.tag_type} is not a reason offered here.`);
    },

    /** R-001-reporting-15: the follow-up chosen at the end, done to the thing's owner; answers who that is. */
    async guidedAction(viewerId: string, input: { action: FrxGuidedAction; object_type: ReportObjectType; object_id: string; context: string }): Promise<string> {
      const state = stateOf(viewerId, input.context, input.object_type, input.object_id);
      if (input.action === 'restrict' || input.action === 'mute') throw badRequest(`${input.action === 'restrict' ? 'Restrict' : 'Mute'} is not available.`);
      await (input.action === 'block' ? deps.block : deps.unfollow)(viewerId, state.owner);
      return state.owner;
    },
  };
}
export type ReportFlow = ReturnType<typeof createReportFlow>;

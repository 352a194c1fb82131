import { createHmac, timingSafeEqual } from 'node:crypto';
import { REPORT_OBJECT_TYPES, type ReportObjectType } from '@shutter/contract';
import { badRequest } from '../../platform/errors.js';

/** Where a reporting flow stands: what it is about, the reasons chosen so far, and what it waits for. */
export interface FlowState {
  /** The reporter: a context is good only for the person it was made for. */
  viewer: string;
  type: ReportObjectType;
  id: string;
  /** The thing's owner (the person, for a report of a person), for the follow-ups at the end. */
  owner: string;
  path: string[];
  step: 'tags' | 'victim' | 'education' | 'done';
  /** When the flow started (ms): an abandoned flow cannot be finished days later. */
  at: number;
}

const STEPS = new Set<FlowState['step']>(['tags', 'victim', 'education', 'done']);
/** How long a started report may take to finish. */
export const FLOW_TTL_MS = 24 * 60 * 60 * 1000;

const bad = () => badRequest('This report has expired or is not valid. Start again.');

/**
 * The opaque `context` of every screen: the state, signed with the service's key, so that a
 * client can neither skip a step nor file a report of another thing than the one it started on.
 */
export function createFlowContext(key: Buffer, now: () => number = Date.now) {
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    seal(state: FlowState): string {
      const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** The state of a context this service made for this viewer, still fresh; otherwise a 400. */
    open(context: string, viewerId: string): FlowState {
      const [payload, mac, ...rest] = context.split('.');
      if (!payload || !mac || rest.length) throw bad();
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw bad();
      let state: FlowState;
      try {
        state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as FlowState;
      } catch {
        throw bad();
      }
      if (!state || typeof state !== 'object' || state.viewer !== viewerId || !REPORT_OBJECT_TYPES.includes(state.type)
        || !Array.isArray(state.path) || !STEPS.has(state.step) || typeof state.at !== 'number' || now() - state.at > FLOW_TTL_MS) throw bad();
      return state;
    },
  };
}
export type FlowContext = ReturnType<typeof createFlowContext>;

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FRX_GUIDED_ACTION_PATH, FRX_LOG_TAG_PATH, FRX_PROMPT_PATH, type FrxPromptAnswer, type FrxRequestType, type ReportObjectType } from '@shutter/contract';
import { apiPost } from '../../lib/api';
import { useSession } from '../session';
import { setRelationshipInCaches } from './friendships';

/** The reporting resource: the service's guided screens, tag logging, follow-ups and problem reports. */

export interface ReportedThing {
  objectType: ReportObjectType;
  objectId: string;
}

export interface FrxPromptFields {
  requestType: FrxRequestType;
  selectedTags: string[];
  context: string;
  victim?: string;
}

export function fetchFrxScreen(thing: ReportedThing, fields: FrxPromptFields): Promise<FrxPromptAnswer> {
  return apiPost<FrxPromptAnswer>(
    FRX_PROMPT_PATH,
    {
      object_type: thing.objectType,
      object_id: thing.objectId,
      frx_prompt_request_type: fields.requestType,
      selected_tag_types: JSON.stringify(fields.selectedTags),
      // The start has no screen to answer yet.
      context: fields.context || undefined,
      victim: fields.victim,
    },
    { result: (r) => r.frxPromptAnswer },
  );
}

/** R-001-reporting-14: each tag picked is logged, whatever the flow does next. */
export function logTagSelected(thing: ReportedThing, tagType: string, context: string): Promise<unknown> {
  return apiPost(FRX_LOG_TAG_PATH, { object_type: thing.objectType, object_id: thing.objectId, tag_type: tagType, context }, { result: (r) => r.ok });
}

export function reportProblem(path: string, text: string, where: string): Promise<unknown> {
  return apiPost(path, { text, path: where }, { result: (r) => r.ok });
}

export type FollowUpAction = 'unfollow' | 'block';

/**
 * R-001-reporting-15: a confirmation's Unfollow or Block, sent with the report's context; once the
 * service confirms it, every cached copy of the owner shows the new relationship (the profile shows
 * the blocked state, follow buttons turn to Follow).
 */
export function useGuidedAction(thing: ReportedThing, owner: { id: string; username: string }) {
  const client = useQueryClient();
  const { viewer } = useSession();
  return useCallback(
    async (action: FollowUpAction, context: string) => {
      await apiPost(FRX_GUIDED_ACTION_PATH, { action, object_type: thing.objectType, object_id: thing.objectId, context }, { result: (r) => r.frxGuidedActionAnswer });
      setRelationshipInCaches(client, owner, action === 'block' ? 'blocked' : 'none', viewer?.username);
    },
    [client, viewer?.username, thing.objectType, thing.objectId, owner],
  );
}

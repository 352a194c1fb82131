import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FRX_GUIDED_ACTION_PATH, FRX_GUIDED_ACTIONS, FRX_LOG_TAG_PATH, FRX_PROMPT_PATH, FRX_REQUEST, PROBLEM_REPORT_LIMIT, PROBLEM_REPORT_MAX_CHARS,
  PROBLEM_REPORT_PATH, REPORT_OBJECT_TYPES, REPORT_VICTIMS, isId, type FrxRequestType,
} from '@shutter/contract';
import { frxGuidedActionAnswer, frxPromptAnswer, ok } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { jsonList } from '../../platform/form-lists.js';
import { perAccount } from '../../platform/rate-limits.js';
import { requireSession } from '../../platform/session.js';
import type { ReportFlow } from './flow.js';
import type { ReportProblem } from './problems.js';

const thing = {
  object_type: z.enum(REPORT_OBJECT_TYPES),
  object_id: z.string().refine(isId, 'object_id must be an id.'),
};
const context = z.string().min(1).max(4000);
const tagType = z.string().min(1).max(100);
const REQUEST_TYPES = Object.values(FRX_REQUEST) as number[];

const promptBody = z.object({
  ...thing,
  frx_prompt_request_type: z.coerce.number().int().refine((n) => REQUEST_TYPES.includes(n), 'frx_prompt_request_type is 1 (start), 2 (submit), 3 (select victim) or 4 (policy education).')
    .transform((n) => n as FrxRequestType),
  selected_tag_types: jsonList(z.array(tagType).max(5), { absentIsEmpty: true, notJson: 'selected_tag_types must be a JSON list of tag types.' }),
  context: context.optional(),
  victim: z.enum(REPORT_VICTIMS).optional(),
});

export function registerReportRoutes(app: FastifyInstance, flow: ReportFlow, reportProblem: ReportProblem): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const problems = perAccount(app, 'problem-report', PROBLEM_REPORT_LIMIT);

  r.post(FRX_PROMPT_PATH, {
    schema: {
      tags: ['reports'], summary: 'The next screen of a report',
      description: 'Start (1) with the thing to report; then answer each screen with its `next_request_type` and its `context`: submit (2) with the reason chosen in `selected_tag_types`, select victim (3) with `victim`, policy education (4). The last step files the report and answers the confirmation. 404 when the viewer may not see the thing; 400 for their own thing or a bad or stale context; 403 `error_type: reporting_disabled` when the operator turned reporting of this type off; 429 past the reporting limits.',
      body: promptBody, security: SECURITY.sessionAndCsrf, response: { 200: frxPromptAnswer },
    },
  }, async (request) => ({ response: await flow.prompt(requireSession(request).user.id, request.body), status: 'ok' as const }));

  r.post(FRX_LOG_TAG_PATH, {
    schema: {
      tags: ['reports'], summary: 'Record a reason picked on a screen (nothing is filed)',
      body: z.object({ ...thing, tag_type: tagType, context }), security: SECURITY.sessionAndCsrf, response: { 200: ok },
    },
  }, async (request) => {
    const viewer = requireSession(request).user;
    flow.logTag(viewer.id, request.body);
    request.log.info({ event: 'report_tag_selected', reporter_id: viewer.id, object_type: request.body.object_type, object_id: request.body.object_id, tag_type: request.body.tag_type }, 'report reason selected');
    return { status: 'ok' as const };
  });

  r.post(FRX_GUIDED_ACTION_PATH, {
    schema: {
      tags: ['reports'], summary: 'Unfollow or block the owner of the thing just reported',
      description: '`context` is the confirmation screen\'s. restrict and mute answer 400 (not available).',
      body: z.object({ action: z.enum(FRX_GUIDED_ACTIONS), ...thing, context }), security: SECURITY.sessionAndCsrf, response: { 200: frxGuidedActionAnswer },
    },
  }, async (request) => {
    const userId = await flow.guidedAction(requireSession(request).user.id, request.body);
    return { action: request.body.action, user_id: userId, status: 'ok' as const };
  });

  r.post(PROBLEM_REPORT_PATH, {
    schema: {
      tags: ['reports'], summary: 'Report a problem with the service',
      body: z.object({ text: z.string().trim().min(1, 'Say what went wrong.').max(PROBLEM_REPORT_MAX_CHARS, `At most ${PROBLEM_REPORT_MAX_CHARS} characters.`), path: z.string().max(500).optional() }),
      security: SECURITY.sessionAndCsrf, response: { 200: ok },
    },
    preHandler: problems,
  }, async (request) => {
    await reportProblem(requireSession(request).user, request.body);
    return { status: 'ok' as const };
  });
}

import { z } from 'zod';
import {
  FRX_BUTTON_ACTION, FRX_GUIDED_ACTIONS, FRX_REQUEST, FRX_SCREEN, FRX_TAG_STYLE, REPORT_OBJECT_TYPES,
  type FrxGuidedActionAnswer, type FrxPromptAnswer, type ReportingFlags,
} from '../reports.js';
import { idString, okStatus } from './common.js';

/** The answers of the reporting calls (spec 001 "Reporting flow"). */

const oneOf = <T extends Record<string, number>>(values: T) =>
  z.union(Object.values(values).map((v) => z.literal(v)) as unknown as [z.ZodLiteral<T[keyof T]>, z.ZodLiteral<T[keyof T]>]);

const frxTag = z.object({
  tag_type: z.string(),
  tag_text: z.string(),
  tag_subtext: z.string().optional(),
});

const frxButton = z.object({
  action: oneOf(FRX_BUTTON_ACTION).describe('redirect 1, affirmative 2, back 3, negative 4'),
  text: z.string(),
  url: z.string().optional(),
  guided_action: z.enum(FRX_GUIDED_ACTIONS).optional(),
});

export const frxScreen = z.object({
  screen_type: oneOf(FRX_SCREEN).describe('tag selection 1, confirmation 2, policy education 3, select victim 4'),
  context: z.string().describe('Opaque and signed: send it back with the next request of this flow.'),
  title: z.string(),
  subtitle: z.string().optional(),
  tags: z.array(frxTag).optional(),
  tag_style: oneOf(FRX_TAG_STYLE).optional().describe('tags 1, list 2, radio buttons 3'),
  body: z.array(z.string()).optional(),
  victims: z.array(frxTag).optional(),
  buttons: z.array(frxButton).optional(),
  next_request_type: oneOf(FRX_REQUEST).nullable().describe('start 1, submit 2, select victim 3, policy education 4; null at the end'),
  problem_report_path: z.string(),
}).meta({ id: 'FrxScreen' });

export const frxPromptAnswer = z.object({ response: frxScreen, status: okStatus })
  .meta({ id: 'FrxPromptAnswer' }) satisfies z.ZodType<FrxPromptAnswer>;

export const frxGuidedActionAnswer = z.object({ action: z.enum(FRX_GUIDED_ACTIONS), user_id: idString, status: okStatus })
  .meta({ id: 'FrxGuidedActionAnswer' }) satisfies z.ZodType<FrxGuidedActionAnswer>;

export const reportingFlags = z.object(Object.fromEntries(REPORT_OBJECT_TYPES.map((t) => [t, z.boolean()])) as Record<keyof ReportingFlags, z.ZodBoolean>)
  .meta({ id: 'ReportingFlags', description: 'Per type of thing: whether it may be reported.' });

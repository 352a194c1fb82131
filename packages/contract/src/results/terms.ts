import { z } from 'zod';

/** Answer of GET /terms/info/: the current terms and where the viewer stands with them. */
export const termsInfo = z.object({
  tos_version: z.string().describe('The terms version in force (TOS_VERSION).'),
  gdpr_required: z.boolean().describe('Agreeing asks for explicit consent choices (GDPR_REQUIRED).'),
  accepted_tos_version: z.string().nullable().describe('The version the viewer agreed to; null when they never did.'),
  blocked: z.boolean().describe('The viewer said "Not now": only the terms pages and logging out work until they agree.'),
  status: z.literal('ok'),
}).meta({ id: 'TermsInfo' });


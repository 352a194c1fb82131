import { z } from 'zod';
import { TERMS_CONSENTS, type TermsConsent } from './terms.js';

const consentChoice = z.enum(TERMS_CONSENTS);

/**
 * The consent choices ticked: an object of booleans (JSON), or the ticked names comma-separated
 * (a form post: `consents=terms,data_policy`).
 */
const consents = z.union([
  z.object({ terms: z.boolean(), data_policy: z.boolean() }).partial(),
  z.string().max(100).transform((v, ctx) => {
    const ticked = v.split(',').map((c) => c.trim()).filter(Boolean);
    const known = ticked.filter((c): c is TermsConsent => consentChoice.safeParse(c).success);
    if (known.length !== ticked.length) ctx.addIssue({ code: 'custom', message: `Consents are ${TERMS_CONSENTS.join(', ')}.` });
    return Object.fromEntries(known.map((c) => [c, true])) as Partial<Record<TermsConsent, boolean>>;
  }),
]);

/** `POST /terms/accept/`: the version the person read, and where consent is required, their choices. */
export const termsAcceptBody = z.object({
  tos_version: z.string().max(64),
  consents: consents.optional(),
});
export type TermsAcceptBody = z.infer<typeof termsAcceptBody>;

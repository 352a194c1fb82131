import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_ROUTES, CSRF_FORM_FIELD, LOGIN_LIMIT_PER_IP, PASSWORD_MAX_LENGTH, loginBody, safeNext } from '@shutter/contract';
import { landingPage as landingPageData } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { HttpError } from '../../platform/errors.js';
import { perAddress } from '../../platform/rate-limits.js';
import { startSession } from '../../platform/session.js';
import type { PageSender } from '../../platform/web/pages.js';
import { landingPage, type LandingOptions } from './pages.js';
import { clientOf, loginsPerNameOf, type CaptchaChecks } from './routes.js';
import type { AuthService } from './service.js';
import { trustedDeviceOf } from './two-factor.routes.js';

export const LOGIN_PAGE_PATH = '/accounts/login/';
const LOGIN_PAGE_TITLE = CLIENT_ROUTES.find((route) => route.path === LOGIN_PAGE_PATH)!.title!;

/** What the login page's form sends when the browser posts it itself; empty fields are the page's to explain, not a 400. */
const loginFormBody = z.object({
  username: z.string().max(254).default(''),
  password: z.string().max(PASSWORD_MAX_LENGTH * 2).default(''),
  [CSRF_FORM_FIELD]: z.string().max(200).optional(),
});

const loginFormQuery = z.looseObject({
  next: z.string().optional().describe('Where to go once logged in (a path of this site).'),
  __a: z.string().optional().describe('1 for a refusal as the login page\'s data (JSON) instead of its HTML.'),
});

export interface LoginFormDeps {
  auth: AuthService;
  checks: CaptchaChecks;
  landing: LandingOptions;
  sendPage: PageSender;
}

/**
 * The login page's form as a browser posts it without script (the app posts to
 * /accounts/login/ajax/ instead): the same checks as the JSON login, answered with a 303 to
 * where the person was going, session set, or with the login page again, rendered by the service
 * with what was typed (never the password) and why it was refused.
 */
export function registerLoginFormPost(app: FastifyInstance, { auth, checks, landing, sendPage }: LoginFormDeps): void {
  const loginsPerName = loginsPerNameOf(app);

  app.withTypeProvider<ZodTypeProvider>().post(LOGIN_PAGE_PATH, {
    schema: {
      tags: ['auth'], summary: 'Log in from the login page\'s HTML form (no script): a redirect, or the page with its error',
      body: loginFormBody, querystring: loginFormQuery, security: SECURITY.csrf,
      response: {
        200: {
          description: 'The login page again, with what was typed and the reason the login was refused (its page data at ?__a=1).',
          content: { 'text/html': { schema: z.string() }, 'application/json': { schema: landingPageData } },
        },
        303: { description: 'Logged in: the session cookie is set, Location is `next` (or the feed).', content: { 'text/plain': { schema: z.string() } } },
      },
    },
    config: perAddress(LOGIN_LIMIT_PER_IP),
  }, async (request, reply) => {
    const { username, password } = request.body;
    const refuse = (message: string) => refusal(request, reply, username, message);
    const parsed = loginBody.safeParse({ username, password });
    if (!parsed.success) return refuse(parsed.error.issues[0]!.message);
    try {
      const { result, token } = await checks.login(request.ip, parsed.data, loginsPerName(reply), () =>
        auth.login(parsed.data, clientOf(request), loginsPerName(reply), trustedDeviceOf(request)));
      // A second step (a security code, a proof-of-work check) needs the app: the page says what is asked.
      if (!token) return refuse(result.status === 'fail' ? result.message : '');
      startSession(request, reply, token);
      return reply.redirect(safeNext(request.query.next), 303);
    } catch (err) {
      // Too many attempts: the page says so, with the same words the app shows.
      if (err instanceof HttpError && err.statusCode === 429) return refuse(err.message);
      throw err;
    }
  });

  function refusal(request: FastifyRequest, reply: FastifyReply, username: string, message: string) {
    const page = landingPage(request, landing, LOGIN_PAGE_TITLE);
    return sendPage(request, reply, LOGIN_PAGE_PATH, { ...page, body: { ...page.body, login_error: { username, message } } });
  }
}

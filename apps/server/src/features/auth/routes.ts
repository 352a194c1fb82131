import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageText,
  LOGIN_LIMIT_PER_ACCOUNT, LOGIN_LIMIT_PER_IP, PASSWORD_CHANGE_LIMIT, SIGNUP_CHECK_LIMIT_PER_IP, SIGNUP_LIMIT_PER_IP,
  loginBody, logoutSessionBody, passwordChangeBody, signupBody,
} from '@shutter/contract';
import { accountSuspended, captchaRequired, failure, loginRefused, loginSucceeded, loginTwoFactorRequired, ok, signupAttemptPassed, signupAttemptProblems, signupCreated, signupRefused } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import type { LoginResult } from '@shutter/contract';
import { keyedLimit, limited, perAccount, perAddress } from '../../platform/rate-limits.js';
import { clearSession, requireSession, startSession } from '../../platform/session.js';
import type { AuthService, ClientInfo } from './service.js';
import { registerTwoFactorRoutes, trustedDeviceOf } from './two-factor.routes.js';
import type { Captcha, LoginCaptcha } from './captcha.js';
import { registerCaptchaRoutes } from './captcha.routes.js';

/** The proof-of-work check: after failed logins, and at signup when the operator asks for it. */
export interface CaptchaChecks {
  captcha: Captcha;
  login: LoginCaptcha;
  atSignup: boolean;
}

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  userAgent: String(request.headers['user-agent'] ?? ''),
  ip: request.ip,
});

/** The per-account pace of logins, shared by every way to log in with a password. */
export function loginsPerNameOf(app: FastifyInstance) {
  const loginPace = keyedLimit(app, 'login-account', LOGIN_LIMIT_PER_ACCOUNT);
  // Past the limit a login gets the per-address limit's very answer: nothing in it says that what
  // was typed names an account.
  return (reply: FastifyReply) => async (loginKey: string) => {
    const pace = await loginPace(loginKey);
    if (pace.allowed) return;
    reply.header('retry-after', Math.ceil(pace.retryInMs / 1000));
    throw limited(pace.retryInMs);
  };
}

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, checks: CaptchaChecks): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loginsPerName = loginsPerNameOf(app);

  r.post('/accounts/web_create_ajax/attempt/', {
    schema: { tags: ['auth'], summary: 'Signup dry run: per-field errors and username suggestions', body: signupBody,
      security: SECURITY.csrf, response: { 200: z.union([signupAttemptPassed, signupAttemptProblems]), 400: failure } },
    config: perAddress(SIGNUP_CHECK_LIMIT_PER_IP),
  }, async (request) => {
    const result = await auth.checkSignup(request.body);
    if (result.ok) return { account_created: false as const, dryrun_passed: true as const, username_suggestions: result.suggestions, status: 'ok' as const };
    return {
      account_created: false as const, dryrun_passed: false as const, ...result.problems.body(),
      error_type: 'form_validation_error' as const, username_suggestions: result.suggestions, status: 'ok' as const,
    };
  });

  r.post('/accounts/web_create_ajax/', {
    schema: { tags: ['auth'], summary: 'Create an account and log in', body: signupBody,
      security: SECURITY.csrf, response: { 200: signupCreated, 400: z.union([captchaRequired, signupRefused, failure]) } },
    config: perAddress(SIGNUP_LIMIT_PER_IP),
  }, async (request, reply) => {
    if (checks.atSignup && !(await checks.captcha.redeem(request.body.captcha))) {
      return reply.code(400).send({ account_created: false, ...(await checks.captcha.refusal(request.body.captcha ? 'captcha_invalid' : 'captcha_required')) });
    }
    const result = await auth.signup(request.body, clientOf(request));
    if (!result.created) {
      return reply.code(400).send({
        account_created: false, ...result.problems.body(), username_suggestions: result.suggestions,
        status: 'fail', message: messageText({ code: 'check_fields' }), code: 'check_fields',
      });
    }
    if (!result.token) return { account_created: true as const, user_id: result.userId, parental_consent_required: true as const, status: 'ok' as const };
    startSession(request, reply, result.token);
    return { account_created: true as const, user_id: result.userId, status: 'ok' as const };
  });

  r.post('/accounts/login/ajax/', {
    schema: { tags: ['auth'], summary: 'Log in with username or email and password', body: loginBody,
      security: SECURITY.csrf, response: { 200: loginSucceeded, 400: z.union([captchaRequired, loginTwoFactorRequired, loginRefused, accountSuspended, failure]) } },
    config: perAddress(LOGIN_LIMIT_PER_IP),
  }, async (request, reply) => {
    const { result, token } = await checks.login(request.ip, request.body, loginsPerName(reply), () =>
      auth.login(request.body, clientOf(request), loginsPerName(reply), trustedDeviceOf(request)));
    if (!token) return reply.code(400).send(result as Exclude<LoginResult, { authenticated: true }>);
    startSession(request, reply, token);
    // A login that has a session is an authenticated one.
    return result as Extract<LoginResult, { authenticated: true }>;
  });

  r.post('/accounts/logout/', {
    schema: { tags: ['auth'], summary: 'End the current session (form post with the csrf token)', security: SECURITY.csrf, response: { 200: ok } },
  }, async (request, reply) => {
    if (request.session) await auth.logout(request.session.sessionId);
    clearSession(request, reply);
    return { status: 'ok' as const };
  });

  r.post('/accounts/password/change/', {
    schema: { tags: ['accounts'], summary: 'Change the password; ends every other session', body: passwordChangeBody, response: { 200: ok } },
    preHandler: perAccount(app, 'password-change', PASSWORD_CHANGE_LIMIT),
  }, async (request) => {
    const session = requireSession(request);
    await auth.changePassword(session.user.id, session.sessionId, request.body);
    return { status: 'ok' as const };
  });

  r.post('/session/login_activity/logout_session/', {
    schema: { tags: ['accounts'], summary: 'End one of the viewer\'s sessions', body: logoutSessionBody, response: { 200: ok } },
  }, async (request, reply) => {
    const session = requireSession(request);
    await auth.endSession(session.user.id, request.body.session_id);
    if (request.body.session_id === session.sessionId) clearSession(request, reply);
    return { status: 'ok' as const };
  });

  registerTwoFactorRoutes(app, auth);
  registerCaptchaRoutes(app, checks.captcha);
}

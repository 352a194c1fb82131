import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LOGIN_LIMIT_PER_IP, PASSWORD_CHANGE_LIMIT, TRUSTED_DEVICE_TTL_MS, TWO_FACTOR_LIMIT_PER_ACCOUNT,
  totpEnableBody, twoFactorLoginBody, twoFactorPasswordBody,
} from '@shutter/contract';
import { backupCodes, failure, ok, totpKeyGenerated, twoFactorLoginSucceeded } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { keyedLimit, limited, perAccount, perAddress } from '../../platform/rate-limits.js';
import { cookieOptions, requireSession, startSession } from '../../platform/session.js';
import type { AuthService } from './service.js';

/** The cookie of a browser trusted to skip the two-factor step; the service keeps only its hash. */
export const TRUSTED_DEVICE_COOKIE = 'trusted_device';

export const trustedDeviceOf = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[TRUSTED_DEVICE_COOKIE];
  return value && value.length <= 128 ? value : undefined;
};

function trustDevice(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(TRUSTED_DEVICE_COOKIE, token, { ...cookieOptions(request), httpOnly: true, maxAge: TRUSTED_DEVICE_TTL_MS / 1000 });
}

const BASE = '/accounts/two_factor_authentication';

/** Two-factor settings (the viewer's own; session and CSRF as every write) and the login's second step. */
export function registerTwoFactorRoutes(app: FastifyInstance, auth: AuthService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = auth;
  const codePace = keyedLimit(app, 'two-factor-account', TWO_FACTOR_LIMIT_PER_ACCOUNT);
  // Checks of the current password share the password change's budget.
  const passwordPace = perAccount(app, 'password-change', PASSWORD_CHANGE_LIMIT);

  r.post(`${BASE}/totp/generate_key/`, {
    schema: { tags: ['accounts'], summary: 'A new authenticator secret, pending until enabled with a code', response: { 200: totpKeyGenerated, 400: failure } },
  }, async (request) => {
    const session = requireSession(request);
    return { ...(await twoFactor.generateKey(session.user.id)), status: 'ok' as const };
  });

  r.post(`${BASE}/totp/enable/`, {
    schema: { tags: ['accounts'], summary: 'Turn on two-factor with a code from the pending secret; answers the backup codes', body: totpEnableBody,
      response: { 200: backupCodes, 400: failure } },
    preHandler: perAccount(app, 'two-factor-enable', TWO_FACTOR_LIMIT_PER_ACCOUNT),
  }, async (request) => {
    const session = requireSession(request);
    return { backup_codes: await twoFactor.enable(session.user.id, request.body.verification_code), status: 'ok' as const };
  });

  r.post(`${BASE}/totp/disable/`, {
    schema: { tags: ['accounts'], summary: 'Turn off two-factor (asks for the password); forgets trusted browsers', body: twoFactorPasswordBody,
      response: { 200: ok, 400: failure } },
    preHandler: passwordPace,
  }, async (request) => {
    const session = requireSession(request);
    await twoFactor.disable(session.user.id, request.body.password);
    return { status: 'ok' as const };
  });

  r.post(`${BASE}/backup_codes/regenerate/`, {
    schema: { tags: ['accounts'], summary: 'New backup codes (asks for the password); the old ones stop working', body: twoFactorPasswordBody,
      response: { 200: backupCodes, 400: failure } },
    preHandler: passwordPace,
  }, async (request) => {
    const session = requireSession(request);
    return { backup_codes: await twoFactor.regenerateBackupCodes(session.user.id, request.body.password), status: 'ok' as const };
  });

  r.post('/accounts/login/ajax/two_factor/', {
    schema: { tags: ['auth'], summary: 'Second step of a login: an authenticator code or a backup code', body: twoFactorLoginBody,
      security: SECURITY.csrf, response: { 200: twoFactorLoginSucceeded, 400: failure } },
    config: perAddress(LOGIN_LIMIT_PER_IP),
  }, async (request, reply) => {
    const client = { userAgent: String(request.headers['user-agent'] ?? ''), ip: request.ip };
    const result = await auth.loginTwoFactor(request.body, client, async (userId) => {
      const pace = await codePace(userId);
      if (pace.allowed) return;
      reply.header('retry-after', Math.ceil(pace.retryInMs / 1000));
      throw limited(pace.retryInMs);
    });
    startSession(request, reply, result.token);
    if (result.trustedDevice) trustDevice(request, reply, result.trustedDevice);
    return { authenticated: true as const, userId: result.userId, status: 'ok' as const };
  });
}

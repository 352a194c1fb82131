import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LOGIN_LIMIT_PER_IP, PASSWORD_CHANGE_LIMIT, TRUSTED_DEVICE_TTL_MS, TWO_FACTOR_LIMIT_PER_ACCOUNT,
  smsTwoFactorEnableBody, smsTwoFactorSendBody, totpEnableBody, twoFactorLoginBody, twoFactorPasswordBody, twoFactorSendCodeBody,
} from '@shutter/contract';
import {
  backupCodes, failure, ok, smsTwoFactorCodeSent, totpKeyGenerated, twoFactorEnabled, twoFactorLoginCodeSent, twoFactorLoginSucceeded,
} from '@shutter/contract/results';
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

  const enablePace = perAccount(app, 'two-factor-enable', TWO_FACTOR_LIMIT_PER_ACCOUNT);

  r.post(`${BASE}/totp/enable/`, {
    schema: { tags: ['accounts'], summary: 'Turn on the authentication app with a code from the pending secret; answers the backup codes', body: totpEnableBody,
      description: 'Backup codes are shared with texted codes: when the account has them already they are kept (`backup_codes` empty, `backup_codes_kept` true).',
      response: { 200: twoFactorEnabled, 400: failure } },
    preHandler: enablePace,
  }, async (request) => {
    const session = requireSession(request);
    const { codes, kept } = await twoFactor.enable(session.user.id, request.body.verification_code);
    return { backup_codes: codes, backup_codes_kept: kept, status: 'ok' as const };
  });

  r.post(`${BASE}/sms/send_code/`, {
    schema: { tags: ['accounts'], summary: 'Text a code to the number that is to receive login codes',
      description: 'The number in international form (+15550100199). A new code replaces the last one a minute after it at the earliest (429 before, with the seconds left); texts are limited per account and per number; a code works for 10 minutes. `resent` when it replaces one sent to the same number.',
      body: smsTwoFactorSendBody, response: { 200: smsTwoFactorCodeSent, 400: failure } },
    config: { failures: [429] },
  }, async (request) => {
    const session = requireSession(request);
    return { ...(await twoFactor.sendSmsSetupCode(session.user.id, request.body.phone_number)), status: 'ok' as const };
  });

  r.post(`${BASE}/sms/enable/`, {
    schema: { tags: ['accounts'], summary: 'Turn on texted codes with the code sent to the number; answers the backup codes',
      description: 'The number becomes the account\'s, confirmed. A code takes 5 wrong tries, then a new one must be asked for. Backup codes are shared with the authentication app: when the account has them already they are kept (`backup_codes` empty, `backup_codes_kept` true).',
      body: smsTwoFactorEnableBody, response: { 200: twoFactorEnabled, 400: failure } },
    preHandler: enablePace,
  }, async (request) => {
    const session = requireSession(request);
    const { codes, kept } = await twoFactor.enableSms(session.user.id, request.body);
    return { backup_codes: codes, backup_codes_kept: kept, status: 'ok' as const };
  });

  r.post(`${BASE}/sms/disable/`, {
    schema: { tags: ['accounts'], summary: 'Turn off texted codes (asks for the password); with no method left, two-factor is off', body: twoFactorPasswordBody,
      response: { 200: ok, 400: failure } },
    preHandler: passwordPace,
  }, async (request) => {
    const session = requireSession(request);
    await twoFactor.disableSms(session.user.id, request.body.password);
    return { status: 'ok' as const };
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

  r.post('/accounts/login/ajax/two_factor/send_code/', {
    schema: { tags: ['auth'], summary: 'Text a new login code for a pending two-factor login',
      description: 'For an account with texted codes on. The login itself texted the first code; another may be asked for a minute after the last (429 before, with the seconds left). `resent` when one had been sent before.',
      body: twoFactorSendCodeBody, security: SECURITY.csrf, response: { 200: twoFactorLoginCodeSent, 400: failure } },
    config: { ...perAddress(LOGIN_LIMIT_PER_IP), failures: [429] },
  }, async (request) => {
    const { resent, obfuscated_phone_number } = await twoFactor.sendLoginCode(request.body.identifier, request.body.username);
    return { resent, two_factor_info: { obfuscated_phone_number }, status: 'ok' as const };
  });

  r.post('/accounts/login/ajax/two_factor/', {
    schema: { tags: ['auth'], summary: 'Second step of a login: an authenticator code, the texted code or a backup code', body: twoFactorLoginBody,
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
    return { authenticated: true as const, userId: result.userId, status: 'ok' as const, ...(result.reactivated ? { reactivated: true as const } : {}) };
  });
}

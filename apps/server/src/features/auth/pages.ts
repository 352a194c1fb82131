import type { FastifyRequest } from 'fastify';
import { safeNext, type LandingPageData, type OneTapAccount } from '@shutter/contract';
import type { ShellExtras } from '../../platform/web/html.js';
import { SITE_DESCRIPTION, type PageLoaders, type PageResult } from '../../platform/web/page-result.js';
import { LANDING_START_SCRIPT } from '../../platform/web/screen-modules.js';
import type { AuthService } from './service.js';
import type { OneTap } from './one-tap.js';
import { oneTapTokensOf } from './one-tap.routes.js';

export interface LandingOptions {
  gdprRequired: boolean;
  tosVersion: string;
  /** SIGNUP_CAPTCHA: the signup form shows the proof-of-work check. */
  captchaEnabled: boolean;
  parentalConsentAge: number | null;
}

/** The logged-out landing page (`/`, login and signup): R-000-routes-7's settings. */
export function landingPage(request: FastifyRequest, options: LandingOptions, title = 'Shutter', oneTapAccounts: OneTapAccount[] = []): PageResult {
  const next = (request.query as Record<string, unknown>).next;
  const landing: LandingPageData = {
    landing: {
      captcha_enabled: options.captchaEnabled,
      prefill_phone: null,
      redirect_url: safeNext(typeof next === 'string' ? next : null),
      gdpr_required: options.gdprRequired,
      tos_version: options.tosVersion,
      parental_consent_age: options.parentalConsentAge,
    },
    one_tap_accounts: oneTapAccounts,
    status: 'ok',
  };
  return { statusCode: 200, body: { ...landing }, meta: { title, description: SITE_DESCRIPTION } };
}

/**
 * `/` for a visitor: the landing page, offering the accounts this browser saved its login info for
 * (R-000-auth-2). Their nonces are minted for the page data the client reads, not for the HTML,
 * which is the same pre-rendered page for everyone. A browser that saved none gets the page with
 * its own small script: it works as sent, and the app loads when the visitor reaches for it. One
 * that saved some gets the app with it, which offers them.
 */
export async function homeLanding(request: FastifyRequest, options: LandingOptions, oneTap: OneTap, wantsHtml: boolean): Promise<PageResult> {
  const tokens = oneTapTokensOf(request);
  const accounts = wantsHtml || tokens.length === 0 ? [] : await oneTap.landingAccounts(tokens);
  const shell: ShellExtras = { prerendered: 'landing', ...(tokens.length === 0 ? { startScript: LANDING_START_SCRIPT } : {}) };
  return { ...landingPage(request, options, 'Shutter', accounts), shell };
}

export function authPages(auth: AuthService, options: LandingOptions, oneTap: OneTap): PageLoaders {
  return {
    // R-000-routes-23: the upsell reads `next` itself; its data says whether to skip it.
    'one-tap-upsell': async ({ request, route }) => ({
      statusCode: 200,
      body: { one_tap_saved: request.session ? await oneTap.isSaved(request.session.user.id, oneTapTokensOf(request)) : false, status: 'ok' },
      meta: { title: route.title! },
    }),
    login: async ({ request, route }) => landingPage(request, options, route.title),
    signup: async ({ request, route }) => landingPage(request, options, route.title),
    'password-reset': async ({ route }) => ({ statusCode: 200, body: { status: 'ok' }, meta: { title: route.title! } }),
    'login-activity': async ({ request, route }) => {
      const session = request.session!;
      const [page, suspicious] = await Promise.all([
        auth.listSessions(session.user.id, session.sessionId, 50, null),
        auth.suspiciousLogins(session.user.id, session.sessionId),
      ]);
      return { statusCode: 200, body: { ...page, suspicious_logins: suspicious, status: 'ok' }, meta: { title: route.title! } };
    },
    'two-factor': async ({ request, route }) => ({
      statusCode: 200, body: { ...(await auth.twoFactor.state(request.session!.user.id)) }, meta: { title: route.title! },
    }),
  };
}

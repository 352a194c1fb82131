import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import {
  CAPTCHA_ALGORITHM, CAPTCHA_CHALLENGE_TTL_MS, CAPTCHA_COST, LOGIN_CAPTCHA_AFTER_FAILURES, LOGIN_FAILURE_WINDOW_MS,
  messageText, type CaptchaChallenge, type LoginBody, type LoginResult,
} from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { serverKey } from '../../platform/server-keys.js';
import { loginKey } from '../accounts/repository.js';
import type { CaptchaStore } from './captcha-store.js';
import { LOGIN_FAILED } from './service.js';

/**
 * The widget's payload, decoded: only our own kind of challenge (it is signed, so nothing in it
 * can be changed; the bounds keep a forged one from costing more than a parse).
 */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(CAPTCHA_ALGORITHM),
      nonce: z.string().max(200),
      salt: z.string().max(200),
      cost: z.number().int().positive().max(CAPTCHA_COST * 10),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(128),
      expiresAt: z.number(),
    }),
    signature: z.string().max(200),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(200) }),
});

function decodePayload(payload: string) {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type CaptchaCode = 'captcha_required' | 'captcha_invalid';

/**
 * ALTCHA challenges signed with the service's stored key (every instance, before and after a
 * restart, checks what any of them made), each good for one solve.
 */
export async function createCaptcha(db: Db, store: CaptchaStore, cost = CAPTCHA_COST) {
  const secret = (await serverKey(db, 'captcha')).toString('base64url');

  async function challenge(): Promise<CaptchaChallenge> {
    const made: Challenge = await createChallenge({
      algorithm: CAPTCHA_ALGORITHM, cost, deriveKey, hmacSignatureSecret: secret,
      expiresAt: new Date(Date.now() + CAPTCHA_CHALLENGE_TTL_MS),
    });
    return { parameters: made.parameters, signature: made.signature };
  }

  /** True once for each solved challenge of ours; false for anything else (never throws on input). */
  async function redeem(payload: string | undefined): Promise<boolean> {
    const decoded = payload ? decodePayload(payload) : null;
    if (!decoded) return false;
    const { challenge: solved, solution } = decoded;
    const result = await verifySolution({ challenge: solved, solution, deriveKey, hmacSignatureSecret: secret }).catch(() => null);
    if (!result?.verified) return false;
    // Remembered as used until it would have expired anyway.
    const ttlMs = Math.max(1000, solved.parameters.expiresAt * 1000 - Date.now());
    return store.markOnce(`used:${solved.parameters.nonce}`, ttlMs);
  }

  /** The refusal of a request that must carry a solved challenge, with a fresh one. */
  async function refusal(code: CaptchaCode) {
    return { captcha_required: true as const, captcha_challenge: await challenge(), status: 'fail' as const, message: messageText({ code }), code };
  }

  return { challenge, redeem, refusal };
}
export type Captcha = Awaited<ReturnType<typeof createCaptcha>>;

type LoginOutcome = { result: LoginResult; token?: string };

/**
 * Failed logins counted per address and per typed name (as the lookup compares it, so an unknown
 * name counts exactly as an account's). From LOGIN_CAPTCHA_AFTER_FAILURES on, a login is not even
 * checked until it carries a solved challenge (`login` asks `allowAttempt` itself; a refusal here
 * asks it instead, so each request counts once against the per-name limit). A success forgets the name's failures, and the
 * address's too when it came with a solved challenge: otherwise a guesser could clear the
 * address's count by logging in to an account of their own between guesses.
 */
export function createLoginCaptcha(captcha: Captcha, store: CaptchaStore) {
  return async (
    ip: string, body: LoginBody, allowAttempt: (loginKey: string) => Promise<void>, login: () => Promise<LoginOutcome>,
  ): Promise<LoginOutcome> => {
    const byAddress = `fail:ip:${ip}`;
    const byName = `fail:login:${loginKey(body.username)}`;
    const failures = await store.highest([byAddress, byName]);
    let solved = false;
    if (failures >= LOGIN_CAPTCHA_AFTER_FAILURES) {
      solved = await captcha.redeem(body.captcha);
      if (!solved) {
        // A refused login spends the name's budget as a checked one would: hammering still locks it.
        await allowAttempt(loginKey(body.username));
        return { result: { authenticated: false, ...(await captcha.refusal(body.captcha ? 'captcha_invalid' : 'captcha_required')) } };
      }
    }
    const outcome = await login();
    // Only the wrong-password answer is a failure: a right password (a session, a pending second
    // step, an account waiting for something) is not.
    if (outcome.token || outcome.result.authenticated || outcome.result.message !== LOGIN_FAILED) {
      await store.forget(solved ? [byAddress, byName] : [byName]);
      return outcome;
    }
    await store.add([byAddress, byName], LOGIN_FAILURE_WINDOW_MS);
    if (failures + 1 < LOGIN_CAPTCHA_AFTER_FAILURES) return outcome;
    // The failure that reaches the count says so at once, so that the form shows the check now.
    return { result: { ...outcome.result, captcha_required: true, captcha_challenge: await captcha.challenge() } as LoginResult };
  };
}
export type LoginCaptcha = ReturnType<typeof createLoginCaptcha>;

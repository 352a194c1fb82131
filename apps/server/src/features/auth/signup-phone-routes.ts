import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNUP_SMS_LIMIT_PER_IP, SIGNUP_SMS_LIMIT_PER_NUMBER, signupPhoneCodeBody, signupPhoneVerifyBody } from '@shutter/contract';
import { confirmPhoneSent, failure, signupPhoneVerified } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { keyedLimit, perAddress } from '../../platform/rate-limits.js';
import type { SignupPhone } from './signup-phone.js';

/** Spec 000 "Phone signup": request a code (again), and check it, before the account exists. */
export function registerSignupPhoneRoutes(app: FastifyInstance, phone: SignupPhone): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perNumber = keyedLimit(app, 'signup-sms-number', SIGNUP_SMS_LIMIT_PER_NUMBER);

  r.post('/accounts/send_signup_sms_code/', {
    schema: { tags: ['auth'], summary: 'Text a signup code to a phone number (again after a minute)', body: signupPhoneCodeBody,
      security: SECURITY.csrf, response: { 200: confirmPhoneSent, 400: failure, 429: failure } },
    config: perAddress(SIGNUP_SMS_LIMIT_PER_IP),
  }, async (request) => ({ ...(await phone.sendCode(request.body.phone_number, perNumber)), status: 'ok' as const }));

  r.post('/accounts/validate_signup_sms_code/', {
    schema: { tags: ['auth'], summary: "Check a phone signup's code", body: signupPhoneVerifyBody,
      security: SECURITY.csrf, response: { 200: signupPhoneVerified, 400: failure } },
    config: perAddress(SIGNUP_SMS_LIMIT_PER_IP),
  }, async (request) => ({ phone_number: await phone.verify(request.body.phone_number, request.body.sms_code), verified: true as const, status: 'ok' as const }));
}

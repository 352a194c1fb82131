import type { LandingPageData } from '@shutter/contract';
import { apiPost } from '../../lib/api';
import { useLandingPage } from './auth';

/** The signup's operator settings (captcha, consent age): the logged-out landing data, one query for every form. */
export function useSignupSettings(): LandingPageData['landing'] | undefined {
  const data = useLandingPage().data;
  return data && 'landing' in data ? data.landing : undefined;
}

/** Who asks a parent's approval: the mailed link's id and nonce are the key. */
export const parentalConsentInfo = (consentId: string, nonce: string) =>
  apiPost('/accounts/parental_consent/info/', { consent_id: consentId, nonce }, { result: (r) => r.parentalConsentRequest });

export const answerParentalConsent = (consentId: string, nonce: string, decision: 'approved' | 'not_parent') =>
  apiPost('/accounts/parental_consent/answer/', { consent_id: consentId, nonce, decision }, { result: (r) => r.ok });

/** Spec 000 "Phone signup": texts a code to the number (again, after a minute). */
export const sendSignupCode = (phoneNumber: string) =>
  apiPost('/accounts/send_signup_sms_code/', { phone_number: phoneNumber }, { result: (r) => r.confirmPhoneSent });

export const verifySignupCode = (phoneNumber: string, smsCode: string) =>
  apiPost('/accounts/validate_signup_sms_code/', { phone_number: phoneNumber, sms_code: smsCode }, { result: (r) => r.signupPhoneVerified });

import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { pageDataKey } from '../../lib/page-data';
import { EDIT_PROFILE_PATH, type EditProfileData } from './settings';

/**
 * Confirming the viewer's email and phone number. Whether they are confirmed comes with the edit
 * page's data (`form_data.is_email_confirmed` / `is_phone_confirmed`), which the reminder reads too.
 */

/** Emails a new confirmation link to the account's address. */
export const sendConfirmEmail = () => apiPost('/accounts/send_confirm_email/', {}, { result: (r) => r.confirmEmailSent });

/** Texts a code to the number; the answer says whether it replaced one sent to the same number. */
export const sendPhoneCode = (phoneNumber: string) =>
  apiPost('/accounts/send_confirm_phone_sms_code/', { phone_number: phoneNumber }, { result: (r) => r.confirmPhoneSent });

/** Confirms the number with the texted code; the cached edit form then shows it confirmed. */
export async function confirmPhone(client: QueryClient, code: string): Promise<string> {
  const answer = await apiPost('/accounts/confirm_phone/', { verification_code: code }, { result: (r) => r.phoneConfirmed });
  client.setQueryData<EditProfileData>(pageDataKey(EDIT_PROFILE_PATH), (data) =>
    data && { ...data, form_data: { ...data.form_data, phone_number: answer.phone_number, is_phone_confirmed: true } });
  return answer.phone_number;
}

/** After a link was followed: the next read of the edit form (and the reminder) asks the server again. */
export const forgetContactStatus = (client: QueryClient) => client.invalidateQueries({ queryKey: pageDataKey(EDIT_PROFILE_PATH) });

/** Texts a password reset link to the account that confirmed this number (the same answer for any number). */
export const sendPasswordResetSms = (phoneNumber: string) =>
  apiPost('/accounts/send_password_reset_sms/', { phone_number: phoneNumber }, { result: (r) => r.resetSent });

import type { QueryClient } from '@tanstack/react-query';
import type { LoginSession, PasswordChangeField, ProfileForm, SuspiciousLogin } from '@shutter/contract';
import { apiPost, type FormFields } from '../../lib/api';
import { pageDataKey, usePageData } from '../../lib/page-data';

/** The settings resource: the profile form, the password, and the viewer's login sessions. */

export const EDIT_PROFILE_PATH = '/accounts/edit/';

/** The form as the server sends it; a value it leaves out is filled by the page. */
export interface EditProfileData {
  form_data: Partial<ProfileForm> & { gender?: number | string | null; custom_gender?: string | null };
  status: 'ok';
}

export const useEditProfile = () => usePageData<EditProfileData>(EDIT_PROFILE_PATH, { result: (r) => r.pageData['edit-profile'] });

/** Saves the profile form (errors per field); the cached form then holds what was saved. */
export async function saveProfile(client: QueryClient, fields: FormFields, saved: Omit<ProfileForm, 'is_email_confirmed' | 'is_phone_confirmed'>): Promise<void> {
  await apiPost(EDIT_PROFILE_PATH, fields, { result: (r) => r.ok });
  client.setQueryData<EditProfileData>(pageDataKey(EDIT_PROFILE_PATH), (data) => ({ form_data: { ...data?.form_data, ...saved }, status: 'ok' }));
  // A new email or phone number is no longer confirmed: the server says so on the next read.
  void client.invalidateQueries({ queryKey: pageDataKey(EDIT_PROFILE_PATH) });
}

/** Saves the gender on its own (the gender dialog); the answer is what was saved. */
export const saveGender = (gender: number, customGender: string) =>
  apiPost('/accounts/set_gender/', { gender, custom_gender: customGender }, { result: (r) => r.genderAnswer });

/** Changes the password; every other session ends. */
export const changePassword = (values: Record<PasswordChangeField, string>) => apiPost('/accounts/password/change/', values, { result: (r) => r.ok });

export const LOGIN_ACTIVITY_PATH = '/session/login_activity/';

export interface LoginActivityData {
  sessions: LoginSession[];
  suspicious_logins: SuspiciousLogin[];
  status: 'ok';
}

export const useLoginActivity = () => usePageData<LoginActivityData>(LOGIN_ACTIVITY_PATH, { result: (r) => r.pageData['login-activity'] });

const setConfirmed = (client: QueryClient, loginId: string, confirmed: boolean) =>
  client.setQueryData<LoginActivityData>(pageDataKey(LOGIN_ACTIVITY_PATH), (data) => data && {
    ...data, suspicious_logins: data.suspicious_logins.map((l) => (l.id === loginId ? { ...l, is_confirmed: confirmed } : l)),
  });

/** "This was me" on a suspicious login, and its undo (spec 001). */
export async function avowLogin(client: QueryClient, loginId: string): Promise<void> {
  await apiPost('/session/login_activity/avow_login/', { login_id: loginId }, { result: (r) => r.ok });
  setConfirmed(client, loginId, true);
}

export async function undoAvowLogin(client: QueryClient, loginId: string): Promise<void> {
  await apiPost('/session/login_activity/undo_avow_login/', { login_id: loginId }, { result: (r) => r.ok });
  setConfirmed(client, loginId, false);
}

/** "This wasn't me": that login ends and leaves both lists. */
export async function disavowLogin(client: QueryClient, loginId: string): Promise<void> {
  await apiPost('/session/login_activity/disavow_login/', { login_id: loginId }, { result: (r) => r.ok });
  client.setQueryData<LoginActivityData>(pageDataKey(LOGIN_ACTIVITY_PATH), (data) => data && {
    ...data, sessions: data.sessions.filter((s) => s.id !== loginId), suspicious_logins: data.suspicious_logins.filter((l) => l.id !== loginId),
  });
}

/** Ends one of the viewer's sessions; the cached list then leaves it out. */
export async function endSession(client: QueryClient, sessionId: string): Promise<void> {
  await apiPost('/session/login_activity/logout_session/', { session_id: sessionId }, { result: (r) => r.ok });
  client.setQueryData<LoginActivityData>(pageDataKey(LOGIN_ACTIVITY_PATH), (data) => data && { ...data, sessions: data.sessions.filter((s) => s.id !== sessionId) });
}

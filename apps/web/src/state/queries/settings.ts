import type { QueryClient } from '@tanstack/react-query';
import type { LoginSession, PasswordChangeField, ProfileForm } from '@shutter/contract';
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
export async function saveProfile(client: QueryClient, fields: FormFields, saved: ProfileForm): Promise<void> {
  await apiPost(EDIT_PROFILE_PATH, fields, { result: (r) => r.ok });
  client.setQueryData<EditProfileData>(pageDataKey(EDIT_PROFILE_PATH), { form_data: saved, status: 'ok' });
}

/** Changes the password; every other session ends. */
export const changePassword = (values: Record<PasswordChangeField, string>) => apiPost('/accounts/password/change/', values, { result: (r) => r.ok });

export const LOGIN_ACTIVITY_PATH = '/session/login_activity/';

export interface LoginActivityData {
  sessions: LoginSession[];
  status: 'ok';
}

export const useLoginActivity = () => usePageData<LoginActivityData>(LOGIN_ACTIVITY_PATH, { result: (r) => r.pageData['login-activity'] });

/** Ends one of the viewer's sessions; the cached list then leaves it out. */
export async function endSession(client: QueryClient, sessionId: string): Promise<void> {
  await apiPost('/session/login_activity/logout_session/', { session_id: sessionId }, { result: (r) => r.ok });
  client.setQueryData<LoginActivityData>(pageDataKey(LOGIN_ACTIVITY_PATH), (data) => data && { ...data, sessions: data.sessions.filter((s) => s.id !== sessionId) });
}

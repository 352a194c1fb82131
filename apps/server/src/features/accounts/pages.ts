import type { PageLoaders } from '../../platform/web/page-result.js';
import type { ProfileEdit } from './profile-edit.js';

/** `/accounts/edit/`'s page data: the viewer's profile form (the home page's first screen shows it too). */
export const editProfileData = async (profileEdit: ProfileEdit, viewerId: string) => ({ form_data: await profileEdit.form(viewerId), status: 'ok' as const });

export function accountPages(profileEdit: ProfileEdit): PageLoaders {
  return {
    'edit-profile': async ({ viewerId, route }) => ({
      statusCode: 200,
      body: await editProfileData(profileEdit, viewerId!),
      meta: { title: route.title! },
    }),
  };
}

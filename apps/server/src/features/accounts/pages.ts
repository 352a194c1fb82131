import type { PageLoaders } from '../../platform/web/page-result.js';
import type { ProfileEdit } from './profile-edit.js';

export function accountPages(profileEdit: ProfileEdit): PageLoaders {
  return {
    'edit-profile': async ({ viewerId, route }) => ({
      statusCode: 200,
      body: { form_data: await profileEdit.form(viewerId!), status: 'ok' },
      meta: { title: route.title! },
    }),
  };
}

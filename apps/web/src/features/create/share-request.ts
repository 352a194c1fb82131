import type { MediaNode } from '@shutter/contract';
import type { FormFields } from '../../lib/api';
import { configureMedia } from '../../state/queries/create';
import { uploadIdOf, type CreationSession } from './creation-reducer';

/** `${Date.now()}${random digits}`: unique per file, within the server's [A-Za-z0-9_-]{1,64}. */
export function makeUploadId(now = Date.now(), random = Math.random): string {
  return `${now}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
}

export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const tagsOf = (item: CreationSession['items'][number]) => item.usertags.map((t) => ({ user_id: t.user.id, position: [round(t.x), round(t.y)] }));
const round = (v: number) => Math.round(v * 10000) / 10000;

/** The configure call for the session: one item is a post, two to ten a carousel (sidecar). */
export function configureRequest(state: CreationSession): { carousel: boolean; fields: FormFields } {
  const { caption, geoTag, locationId } = state.finalizedMedia;
  // A place picked from search goes by id; a typed name makes (or finds) a place of that name.
  const place = locationId ? { location_id: locationId } : { location: geoTag.trim() || undefined };
  if (state.items.length === 1) {
    const item = state.items[0]!;
    return {
      carousel: false,
      fields: {
        upload_id: uploadIdOf(item),
        caption,
        usertags: JSON.stringify(tagsOf(item)),
        ...place,
        custom_accessibility_caption: item.customAccessibilityCaption.trim() || undefined,
      },
    };
  }
  const children = state.items.map((item) => ({
    upload_id: uploadIdOf(item),
    usertags: tagsOf(item),
    custom_accessibility_caption: item.customAccessibilityCaption.trim(),
  }));
  return { carousel: true, fields: { caption, ...place, children_metadata: JSON.stringify(children) } };
}

export async function configurePost(state: CreationSession): Promise<MediaNode> {
  const { carousel, fields } = configureRequest(state);
  return (await configureMedia(carousel, fields)) as MediaNode;
}

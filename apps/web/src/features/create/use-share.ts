import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { firstServerError } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { useToast } from '../../state/toast/toast-context';
import { addPublishedPostToCaches } from '../../state/queries/post';
import { ASPECTS } from './crop';
import { isSharing, uploadIdOf, type CreationItem } from './creation-reducer';
import { dispatchCreation, getCreation } from './creation-store';
import { loadImage } from './media-load';
import { exportJpeg } from './render-image';
import { uploadMedia } from '../../state/queries/create';
import { configurePost } from './share-request';

class ExportError extends Error {}

async function bodyOf(item: CreationItem, aspect: number): Promise<{ blob: Blob; name: string }> {
  if (item.kind === 'video') return { blob: item.source.file, name: item.source.name };
  try {
    const image = await loadImage(item.source.url);
    const blob = await exportJpeg({ image, source: item.source, crop: item.croppedImage, aspect, filter: item.filter });
    return { blob, name: `${item.source.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg` };
  } catch {
    throw new ExportError();
  }
}

/**
 * Uploads every file not yet staged (one at a time, so the progress reads in order and a phone's
 * connection is not split ten ways), then configures the post. A retry re-uses each file's upload
 * id, so the files the server already has answer at once.
 */
export function useShare(): () => Promise<void> {
  const t = useT();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const client = useQueryClient();

  return useCallback(async () => {
    if (isSharing(getCreation())) return;
    dispatchCreation({ type: 'shareStart' });
    try {
      const start = getCreation();
      const count = start.items.length;
      for (const [index, item] of start.items.entries()) {
        const uploadId = uploadIdOf(item);
        if (item.stagedImage?.uploadId === uploadId) continue;
        const { blob, name } = await bodyOf(item, ASPECTS[start.aspect]);
        await uploadMedia(item.kind === 'video' ? 'video' : 'photo', uploadId, blob, name, (loaded, total) =>
          dispatchCreation({ type: 'uploadProgress', progress: (index + loaded / total) / count }),
        );
        dispatchCreation({ type: 'staged', key: item.key, uploadId });
      }
      const media = await configurePost(getCreation());
      const processing = media.status === 'processing';
      // The feed, the owner's grid and header, and the post's page show the new post.
      addPublishedPostToCaches(client, media);
      dispatchCreation({ type: 'finalized', shortcode: media.shortcode, processing, ownerUsername: media.owner.username });
      showToast({ text: processing ? t('create.share.processing') : t('create.share.done') });
      void navigate(processing ? `/${media.owner.username}/` : `/p/${media.shortcode}/`, { replace: true });
    } catch (error) {
      const message = error instanceof ExportError ? t('create.share.exportFailed') : firstServerError(error, t('create.share.fallbackError'));
      dispatchCreation({ type: 'shareFailed', message });
    }
  }, [client, navigate, showToast, t]);
}

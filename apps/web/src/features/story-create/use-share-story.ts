import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { StoryAudience } from '@shutter/contract';
import { firstServerError } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { useToast } from '../../state/toast/toast-context';
import { STORY_TRAY_KEY } from '../../state/queries/story-reels';
import { configureStory, uploadMedia } from '../../state/queries/create';
import { makeUploadId } from '../create/share-request';
import { flattenStory, measureWithCanvas, stickerMetadata } from './share-story';
import { isStorySharing } from './story-reducer';
import { dispatchStory, getStory } from './story-store';

class FlattenError extends Error {}


/**
 * Shares the frame: a photo is flattened into one JPEG (picture, drawing, texts, stickers) and
 * uploaded as a photo; a video is uploaded as it is, since painting over every frame would mean
 * re-encoding it in the browser: its stickers go only as metadata, and texts and drawing are off
 * for videos. Then the story is configured. A failure keeps everything for a retry, and a retry
 * with nothing changed re-uses the upload the server already has.
 */
export function useShareStory(): (audience: StoryAudience) => Promise<void> {
  const t = useT();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const client = useQueryClient();

  return useCallback(
    async (audience: StoryAudience): Promise<void> => {
      if (isStorySharing(getStory())) return;
      dispatchStory({ type: 'shareStart', audience });
      try {
        const state = getStory();
        const source = state.source;
        if (!source) return;
        let uploadId = state.uploadId;
        if (!uploadId) {
          uploadId = makeUploadId();
          let body: Blob;
          try {
            body = source.kind === 'video' ? source.file : await flattenStory(state);
          } catch {
            throw new FlattenError();
          }
          const name = source.kind === 'video' ? source.name : 'story.jpg';
          await uploadMedia(source.kind === 'video' ? 'video' : 'photo', uploadId, body, name, (loaded, total) => dispatchStory({ type: 'uploadProgress', progress: loaded / total }));
          dispatchStory({ type: 'staged', uploadId });
        }
        await configureStory(uploadId, audience, stickerMetadata(getStory().items, measureWithCanvas()));
        // The tray asks again, so "Your story" opens the new story.
        void client.invalidateQueries({ queryKey: STORY_TRAY_KEY });
        showToast({ text: audience === 'besties' ? t('storyCreate.shared.besties') : t('storyCreate.shared') });
        void navigate('/', { replace: true });
        dispatchStory({ type: 'reset' });
      } catch (error) {
        const message = error instanceof FlattenError ? t('storyCreate.share.flattenFailed') : firstServerError(error, t('storyCreate.share.failed'));
        // Shown as a toast with Retry inside the editor: the app's toasts sit under its modal dialog.
        dispatchStory({ type: 'shareFailed', message });
      }
    },
    [client, navigate, showToast, t],
  );
}

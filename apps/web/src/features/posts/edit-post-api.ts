import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaNode } from '@shutter/contract';
import { useToast } from '../../app/toast/toast-provider';
import { apiPost, type FormFields } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { applyEditToCaches } from './edit-cache';

/** Saves an edit; on success every cached list shows it and `onSaved` closes the screen. */
export function useEditPost(post: MediaNode, onSaved: () => void) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: FormFields) => apiPost<{ media: MediaNode }>(`/media/${post.id}/edit/`, fields),
    onSuccess: ({ media }) => {
      applyEditToCaches(client, media);
      showToast({ text: t('postEdit.saved') });
      onSaved();
    },
  });
}

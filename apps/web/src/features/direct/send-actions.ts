import type { ChannelItemType, DirectItemResult } from '@shutter/contract';
import { ChannelSendError, MQTT_NOT_INSTANTIATED } from './channel';
import type { DirectStore } from './direct-store';
import { newClientContext, optimisticItem } from './thread-items';

function imageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve({ width: 0, height: 0 });
    image.src = url;
  });
}

/** Sending: text, likes and shared posts over the channel, photos by upload; each shows at once. */
export function sendActions(store: DirectStore) {
  const { dispatch, getState, api, now } = store;
  const viewerId = () => getState().viewerId ?? '';

  /** Text, a like and a shared post go over the channel, never HTTP (R-002-direct-10). */
  async function sendOverChannel(threadId: string, itemType: Exclude<ChannelItemType, 'typing'>, fields: { text?: string; media_id?: string }, preview: Partial<DirectItemResult> = {}): Promise<boolean> {
    const clientContext = newClientContext(now());
    dispatch({ type: 'sendStarted', threadId, item: optimisticItem({ item_type: itemType, user_id: viewerId(), client_context: clientContext, ...preview }, now()) });
    try {
      const channel = store.channel();
      if (!channel) throw new ChannelSendError(MQTT_NOT_INSTANTIATED);
      const payload = await channel.send({ thread_id: threadId, item_type: itemType, client_context: clientContext, ...fields });
      dispatch({ type: 'sendConfirmed', threadId, clientContext, itemId: payload.item_id, timestamp: payload.timestamp });
      return true;
    } catch (error) {
      dispatch({ type: 'sendFailed', threadId, clientContext });
      store.notify('send', error);
      return false;
    }
  }

  return {
    sendText: (threadId: string, text: string) => sendOverChannel(threadId, 'text', { text }, { text }),
    sendLike: (threadId: string) => sendOverChannel(threadId, 'like', {}),
    sendMediaShare: (threadId: string, mediaId: string, preview: DirectItemResult['media_share']) => sendOverChannel(threadId, 'media_share', { media_id: mediaId }, { media_share: preview }),

    typing(threadId: string, active: boolean) {
      store.channel()?.typing(threadId, active, newClientContext(now())).catch(() => undefined);
    },

    /** A photo: uploaded with its progress shown, then made a message (R-002-direct-api-7, R-002-direct-26). */
    async sendPhoto(threadId: string, file: File) {
      const clientContext = newClientContext(now());
      const url = URL.createObjectURL(file);
      const { width, height } = await imageSize(url);
      const media = { media_type: 1 as const, image_versions2: { candidates: [{ url, width, height }] }, original_width: width, original_height: height };
      dispatch({ type: 'sendStarted', threadId, item: optimisticItem({ item_type: 'media', user_id: viewerId(), client_context: clientContext, media }, now(), { state: 'uploading', progress: 0 }) });
      try {
        const uploadId = await api.uploadPhoto(threadId, file, (progress) => dispatch({ type: 'sendProgress', threadId, clientContext, progress }));
        const { item } = await api.configurePhoto(threadId, uploadId, clientContext);
        dispatch({ type: 'sendConfirmed', threadId, clientContext, itemId: item.item_id, timestamp: item.timestamp });
        dispatch({ type: 'itemArrived', threadId, item });
        // The service's copy has taken the local one's place by now.
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } catch (error) {
        dispatch({ type: 'sendFailed', threadId, clientContext });
        URL.revokeObjectURL(url);
        store.notify('photo', error);
      }
    },
  };
}

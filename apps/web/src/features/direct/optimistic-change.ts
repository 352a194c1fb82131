import type { DirectThreadResult } from '@shutter/contract';
import type { DirectStore } from './direct-store';

/** Shows at once, and is put back as it was when the service refuses it. */
export async function optimisticChange(store: DirectStore, kind: Parameters<DirectStore['notify']>[0], apply: () => void, undo: () => void, request: () => Promise<unknown>) {
  apply();
  try {
    const answer = await request();
    // Thread changes answer with the thread as it now is: the service's word over the guess.
    const thread = (answer as { thread?: DirectThreadResult } | null)?.thread;
    if (thread && typeof thread === 'object' && thread.thread_id) store.dispatch({ type: 'threadLoaded', thread, older: false });
    return true;
  } catch (error) {
    undo();
    store.notify(kind, error);
    return false;
  }
}

import type { DirectStore } from './direct-store';
import { requestActions } from './request-actions';
import { sendActions } from './send-actions';
import { threadActions } from './thread-actions';

/**
 * What the viewer does in Direct. Sends are optimistic (R-002-direct-7..9): the item shows at once
 * under its mutation token, the service's item takes its place, a failure takes it away with a
 * toast. Other changes show at once too and go back, with a toast, when the service refuses them.
 */
export type DirectActions = ReturnType<typeof directActions>;

export function directActions(store: DirectStore) {
  return { ...sendActions(store), ...threadActions(store), ...requestActions(store) };
}

import { firstServerError } from '../../lib/api';
import type { Optimistic } from '../../state/optimistic';
import type { SettingValue } from '../../state/queries/privacy-settings';
import type { ToastInput } from '../../state/toast/toast-queue';

/** What a setting's control shows: the value (the wanted one while a change is under way) and whether it is loading. */
export interface SettingView<V> {
  value: V;
  status: 'loading' | 'set';
}

export const settingView = <V extends SettingValue>(server: V, pending: V | undefined, busy: boolean): SettingView<V> => ({
  value: pending ?? server,
  status: busy || pending !== undefined ? 'loading' : 'set',
});

export interface SettingChange<V extends SettingValue> {
  key: string;
  /** The value the server holds now (what a failure goes back to). */
  server: V;
  intended: V;
  send: (value: V) => Promise<V>;
  /** The failure toast's text, from the error. */
  failureText: (error: unknown) => string;
  retryText: string;
}

/**
 * One change of a setting: shown at once (optimistic), sent, and on failure shown at its previous
 * value again with a toast whose Retry makes the same change again.
 */
export function changeSetting<V extends SettingValue>(store: Optimistic<SettingValue>, showToast: (toast: ToastInput) => void, change: SettingChange<V>): Promise<void> {
  return store.request(change.key, change.intended, {
    server: change.server,
    send: (value) => change.send(value as V),
  }).catch((error: unknown) => {
    showToast({ text: change.failureText(error), actionText: change.retryText, onAction: () => void changeSetting(store, showToast, change) });
  });
}

/** A keyword save's failure: the server's first error (a field's, else its message), else the fallback. */
export const keywordFailureText = (error: unknown, fallback: string): string => firstServerError(error, fallback);

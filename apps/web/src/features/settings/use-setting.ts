import { firstServerError } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import type { MessageId } from '../../lib/i18n/messages/en';
import { usePending } from '../../state/optimistic';
import { settingChanges, type SettingValue } from '../../state/queries/privacy-settings';
import { useToast } from '../../state/toast/toast-context';
import { changeSetting, settingView, type SettingView } from './setting-change';

/**
 * One setting's control: what it shows (the wanted value while its save runs), and the change,
 * optimistic, that goes back on failure with a toast whose Retry repeats it.
 */
export function useSetting<V extends SettingValue>(key: string, server: V, send: (value: V) => Promise<V>, failure: MessageId): { view: SettingView<V>; change: (next: V) => void } {
  const t = useT();
  const { showToast } = useToast();
  const pending = usePending(settingChanges, key) as V | undefined;
  const view = settingView(server, pending, settingChanges.busy(key));
  const change = (next: V) => {
    void changeSetting(settingChanges, showToast, {
      key, server, intended: next, send, failureText: (error) => firstServerError(error, t(failure)), retryText: t('prefs.retry'),
    });
  };
  return { view, change };
}

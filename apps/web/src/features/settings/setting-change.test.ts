import { describe, expect, it, vi } from 'vitest';
import { createOptimistic } from '../../state/optimistic';
import type { SettingValue } from '../../state/queries/privacy-settings';
import type { ToastInput } from '../../state/toast/toast-queue';
import { ApiError } from '../../lib/api';
import { changeSetting, keywordFailureText, settingView, type SettingChange } from './setting-change';

/** A save the test answers by hand. */
function deferredSend<V>() {
  const calls: { value: V; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  const send = (value: V) => new Promise<V>((resolve, reject) => { calls.push({ value, resolve, reject }); });
  return { send, calls };
}

function setup<V extends SettingValue>(server: V, intended: V) {
  const store = createOptimistic<SettingValue>();
  const toasts: ToastInput[] = [];
  const { send, calls } = deferredSend<V>();
  const change: SettingChange<V> = { key: 'privacy:x', server, intended, send, failureText: () => 'Couldn’t change this setting.', retryText: 'Retry' };
  const view = () => settingView(server, store.pending('privacy:x') as V | undefined, store.busy('privacy:x'));
  return { store, toasts, calls, change, view, run: () => changeSetting(store, (t) => toasts.push(t), change) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a settings change', () => {
  it('R-001-settings-2: goes to loading, then is set when the save succeeds', async () => {
    const s = setup(false, true);
    expect(s.view()).toEqual({ value: false, status: 'set' });
    const done = s.run();
    expect(s.view().status).toBe('loading');
    s.calls[0]!.resolve(true);
    await done;
    expect(settingView(true, s.store.pending('privacy:x') as boolean | undefined, s.store.busy('privacy:x'))).toEqual({ value: true, status: 'set' });
  });

  it('R-001-settings-2: goes to loading, then is set (to the old value) when the save fails', async () => {
    const s = setup(false, true);
    const done = s.run();
    expect(s.view().status).toBe('loading');
    s.calls[0]!.reject(new Error('500'));
    await done;
    expect(s.view()).toEqual({ value: false, status: 'set' });
  });

  it('R-001-settings-3: a privacy toggle shows its new value at once, before the server answers', () => {
    const s = setup<string>('everyone', 'none');
    void s.run();
    expect(s.view().value).toBe('none');
    expect(s.calls.map((c) => c.value)).toEqual(['none']);
  });

  it('R-001-settings-4: a failed privacy toggle reverts to its previous value', async () => {
    const s = setup(true, false);
    const done = s.run();
    expect(s.view().value).toBe(false);
    s.calls[0]!.reject(new Error('offline'));
    await done;
    expect(s.view().value).toBe(true);
  });

  it('R-001-settings-5: R-001-settings-18: a failed toggle shows a toast whose Retry sends the same change again', async () => {
    const s = setup(false, true);
    const done = s.run();
    s.calls[0]!.reject(new Error('500'));
    await done;
    expect(s.toasts).toHaveLength(1);
    expect(s.toasts[0]).toMatchObject({ text: 'Couldn’t change this setting.', actionText: 'Retry' });
    s.toasts[0]!.onAction!();
    await flush();
    expect(s.calls).toHaveLength(2);
    expect(s.calls[1]!.value).toBe(true);
    expect(s.view()).toEqual({ value: true, status: 'loading' });
    s.calls[1]!.resolve(true);
    await flush();
    expect(s.toasts).toHaveLength(1);
  });

  it('R-001-settings-6: an email preference (checked 2 subscribed) changes at once and reverts on failure', async () => {
    const s = setup<number>(2, 0);
    const done = s.run();
    expect(s.view().value).toBe(0);
    s.calls[0]!.reject(new Error('500'));
    await done;
    expect(s.view().value).toBe(2);
  });

  it('R-001-settings-7: R-001-settings-8: a push preference changes at once, reverts on failure, and a toast tells', async () => {
    const s = setup<string>('everyone', 'off');
    s.change.failureText = () => 'Couldn’t change this notification.';
    const done = s.run();
    expect(s.view().value).toBe('off');
    s.calls[0]!.reject(new Error('500'));
    await done;
    expect(s.view().value).toBe('everyone');
    expect(s.toasts.map((t) => t.text)).toEqual(['Couldn’t change this notification.']);
  });

  it('a success raises no toast', async () => {
    const s = setup(false, true);
    const onToast = vi.fn();
    const done = changeSetting(s.store, onToast, s.change);
    s.calls[0]!.resolve(true);
    await done;
    expect(onToast).not.toHaveBeenCalled();
  });
});

describe('a keyword save failure', () => {
  it('R-001-settings-16: shows the server\'s first error, else the comment keyword fallback', () => {
    const fallback = 'Couldn’t save your keywords. Try again.';
    const tooMany = new ApiError(400, { status: 'fail', message: 'You can add at most 100 keywords; this list has 101.', errors: { keywords: ['You can add at most 100 keywords; this list has 101.'] } }, 'x');
    expect(keywordFailureText(tooMany, fallback)).toBe('You can add at most 100 keywords; this list has 101.');
    expect(keywordFailureText(new ApiError(500, null, 'Internal Server Error'), fallback)).toBe(fallback);
    expect(keywordFailureText(new ApiError(0, null, 'Network error'), fallback)).toBe(fallback);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_SWAP_DELAY_MS } from '@shutter/contract';
import { assertValidToast, createToastController, TOAST_DURATION_MS, type ToastInput, type ToastView } from './toast-queue';

describe('toast queue', () => {
  let seen: (ToastView | null)[];
  const last = () => seen[seen.length - 1];
  beforeEach(() => {
    vi.useFakeTimers();
    seen = [];
  });
  afterEach(() => vi.useRealTimers());

  it('R-002-navigation-12: a toast shows with its optional action', () => {
    const controller = createToastController((v) => seen.push(v));
    const onAction = vi.fn();
    controller.show({ text: 'Saved', actionText: 'Undo', onAction });
    expect(last()).toMatchObject({ text: 'Saved', actionText: 'Undo', visible: true });
    last()?.onAction?.();
    expect(onAction).toHaveBeenCalledOnce();
    controller.show({ text: 'Plain' });
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS);
    expect(last()).toMatchObject({ text: 'Plain', visible: true, actionText: undefined });
  });

  it('R-002-navigation-13: a new toast replaces the current one after the 200 ms swap delay', () => {
    const controller = createToastController((v) => seen.push(v));
    controller.show({ text: 'first' });
    controller.show({ text: 'second' });
    expect(last()).toMatchObject({ text: 'first', visible: false });
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS - 1);
    expect(last()?.text).toBe('first');
    vi.advanceTimersByTime(1);
    expect(TOAST_SWAP_DELAY_MS).toBe(200);
    expect(last()).toMatchObject({ text: 'second', visible: true });
  });

  it('R-002-navigation-13: a toast hides itself after its duration and is then removed', () => {
    const controller = createToastController((v) => seen.push(v));
    controller.show({ text: 'bye' });
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(last()).toMatchObject({ text: 'bye', visible: false });
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS);
    expect(last()).toBeNull();
  });

  it('R-002-navigation-14: an action text without a handler, or a handler without text, is rejected', () => {
    const controller = createToastController((v) => seen.push(v));
    expect(() => controller.show({ text: 'x', actionText: 'Retry' } as unknown as ToastInput)).toThrow(/both/);
    expect(() => assertValidToast({ text: 'x', onAction: () => {} } as unknown as ToastInput)).toThrow(/both/);
    expect(() => assertValidToast({ text: 'x', actionText: 'Retry', onAction: () => {} })).not.toThrow();
    expect(seen).toEqual([]);
  });
});

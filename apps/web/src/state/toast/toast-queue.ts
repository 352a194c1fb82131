import { TOAST_SWAP_DELAY_MS } from '@shutter/contract';

/** A toast's action comes as a pair: its text and its handler together, or neither (spec 002 §2). */
export type ToastInput = { text: string } & (
  | { actionText: string; onAction: () => void }
  | { actionText?: undefined; onAction?: undefined }
);

export interface ToastView {
  id: number;
  text: string;
  actionText?: string;
  onAction?: () => void;
  /** false while the toast slides out (before a swap or after a dismissal). */
  visible: boolean;
}

export const TOAST_DURATION_MS = 4000;

export function assertValidToast(input: ToastInput): void {
  const hasText = typeof input.actionText === 'string' && input.actionText.length > 0;
  const hasHandler = typeof input.onAction === 'function';
  if (hasText !== hasHandler) throw new Error('A toast action needs both actionText and onAction');
}

export interface ToastController {
  show(input: ToastInput): void;
  dismiss(): void;
  destroy(): void;
}

/**
 * One toast at a time. A new toast hides the current one and takes its place after the swap delay;
 * each toast hides itself after `durationMs`.
 */
export function createToastController(
  onChange: (toast: ToastView | null) => void,
  { swapDelayMs = TOAST_SWAP_DELAY_MS, durationMs = TOAST_DURATION_MS } = {},
): ToastController {
  let current: ToastView | null = null;
  let nextId = 1;
  let swapTimer: ReturnType<typeof setTimeout> | null = null;
  let hideTimer: ReturnType<typeof setTimeout> | null = null;

  const clearTimers = () => {
    if (swapTimer) clearTimeout(swapTimer);
    if (hideTimer) clearTimeout(hideTimer);
    swapTimer = hideTimer = null;
  };
  const emit = (view: ToastView | null) => {
    current = view;
    onChange(view);
  };
  const present = (view: ToastView) => {
    emit(view);
    hideTimer = setTimeout(dismiss, durationMs);
  };
  function dismiss() {
    clearTimers();
    if (!current) return;
    emit({ ...current, visible: false });
    swapTimer = setTimeout(() => emit(null), swapDelayMs);
  }

  return {
    show(input) {
      assertValidToast(input);
      clearTimers();
      const view: ToastView = { id: nextId++, text: input.text, actionText: input.actionText, onAction: input.onAction, visible: true };
      if (!current) {
        present(view);
        return;
      }
      if (current.visible) emit({ ...current, visible: false });
      swapTimer = setTimeout(() => present(view), swapDelayMs);
    },
    dismiss,
    destroy: clearTimers,
  };
}

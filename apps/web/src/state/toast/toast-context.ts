import { createContext, useContext } from 'react';
import type { ToastInput } from './toast-queue';

export interface ToastApi {
  showToast: (input: ToastInput) => void;
  dismissToast: () => void;
}

/** Features raise toasts through this; the app mounts the provider that shows them. */
export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}

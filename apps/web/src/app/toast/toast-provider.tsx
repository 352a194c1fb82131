import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { ToastContext } from '../../state/toast/toast-context';
import { createToastController, type ToastController, type ToastInput, type ToastView } from '../../state/toast/toast-queue';
import styles from './toast.module.css';

export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [toast, setToast] = useState<ToastView | null>(null);
  const controllerRef = useRef<ToastController | null>(null);
  if (!controllerRef.current) controllerRef.current = createToastController(setToast);
  useEffect(() => () => controllerRef.current?.destroy(), []);

  const showToast = useCallback((input: ToastInput) => controllerRef.current?.show(input), []);
  const dismissToast = useCallback(() => controllerRef.current?.dismiss(), []);
  const api = useMemo(() => ({ showToast, dismissToast }), [showToast, dismissToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region} role="status" aria-live="polite" aria-label={t('toast.region')}>
        {toast ? (
          <div key={toast.id} className={`${styles.toast} ${toast.visible ? styles.visible : ''}`}>
            <p className={styles.text}>{toast.text}</p>
            {toast.actionText && toast.onAction ? (
              <button
                type="button"
                className={styles.action}
                onClick={() => {
                  toast.onAction?.();
                  dismissToast();
                }}
              >
                {toast.actionText}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

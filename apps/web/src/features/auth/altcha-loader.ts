import type { AltchaWidgetElement } from 'altcha/external';

export type { AltchaWidgetElement };

let loading: Promise<void> | null = null;

/**
 * The altcha widget, loaded only when a form needs it (never in the landing page's script). Its
 * `external` build with the worker as a file of its own: the default build starts its workers from
 * blob: URLs, which the service's Content-Security-Policy (scripts from this origin only) refuses.
 */
export function loadAltcha(): Promise<void> {
  loading ??= Promise.all([import('altcha/external'), import('altcha/workers/pbkdf2?worker'), import('altcha/altcha.css')]).then(
    ([, { default: Pbkdf2Worker }]) => {
      for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) globalThis.$altcha.algorithms.set(name, () => new Pbkdf2Worker());
    },
    (error: unknown) => {
      // A failed download may succeed on the next try.
      loading = null;
      throw error;
    },
  );
  return loading;
}

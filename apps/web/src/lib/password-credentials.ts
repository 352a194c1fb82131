/**
 * The browser's saved passwords (Credential Management API). TypeScript's DOM types leave out
 * PasswordCredential, which only Chromium-based browsers have; these are the parts the app uses.
 */

/** A saved password, or a federated credential (a sign-in with another site, `type: 'federated'`). */
export interface SavedCredential {
  type: string;
  id: string;
  password?: string;
}

export interface PasswordCredentialStore {
  get(options: { password: true; mediation: 'optional' }): Promise<SavedCredential | null>;
}

interface CredentialsWindow {
  PasswordCredential?: new (data: { id: string; password: string; name?: string }) => unknown;
  navigator: {
    credentials?: {
      get(options: object): Promise<unknown>;
      store(credential: unknown): Promise<unknown>;
      preventSilentAccess?(): Promise<void>;
    };
  };
}

const browser = (): CredentialsWindow | null => (typeof window === 'undefined' ? null : (window as unknown as CredentialsWindow));

/** The saved passwords, or null where the browser keeps none for pages (no API, or no PasswordCredential). */
export function passwordCredentialStore(): PasswordCredentialStore | null {
  const w = browser();
  const credentials = w?.navigator.credentials;
  if (!credentials || typeof w.PasswordCredential !== 'function') return null;
  return { get: (options) => credentials.get(options) as Promise<SavedCredential | null> };
}

/** Offers the browser to save the password a login just succeeded with; where it cannot, nothing happens. */
export function storePasswordCredential(id: string, password: string, name: string = id): void {
  const w = browser();
  if (!w?.navigator.credentials || typeof w.PasswordCredential !== 'function') return;
  try {
    w.navigator.credentials.store(new w.PasswordCredential({ id, password, name })).catch(() => undefined);
  } catch {
    /* a browser that refuses the credential keeps nothing */
  }
}

/** After a logout the browser asks before handing a saved password to the page again. */
export function preventSilentCredentialAccess(): Promise<void> {
  return browser()?.navigator.credentials?.preventSilentAccess?.().catch(() => undefined) ?? Promise.resolve();
}

import type { ContactImportAnswer } from '@shutter/contract';
import type { ContactSyncAction } from './contact-sync-reducer';

/** What the flow's steps need from outside: the calls, the stored preference, toasts. */
export interface ContactSyncDeps {
  dispatch: (action: ContactSyncAction) => void;
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<ContactImportAnswer>;
  remove: () => Promise<unknown>;
  /** Stores allowContactsSync for the viewer. */
  storeSyncPreference: (allowed: boolean) => void;
  /** A toast whose Retry runs `retry`; `kind` picks its words. */
  retryToast: (kind: 'denied' | 'importFailed' | 'deleteFailed', retry: () => void, message?: string) => void;
  /** The toast that says the imported contacts are gone. */
  deletedToast: () => void;
  /** The history's data is stale after an import or a delete. */
  refresh: () => void;
  /** Opens the file chooser again (a Retry after a denial). */
  reopenChooser: () => void;
}

/** The chooser closed: with a file, it is uploaded; without one, consent was denied. */
export async function chooseContactsFile(file: File | null, deps: ContactSyncDeps): Promise<void> {
  if (!file) {
    deps.dispatch({ type: 'denied' });
    deps.retryToast('denied', () => {
      deps.dispatch({ type: 'consent' });
      deps.reopenChooser();
    });
    return;
  }
  deps.dispatch({ type: 'uploadStarted' });
  try {
    const answer = await deps.upload(file, (progress) => deps.dispatch({ type: 'uploadProgress', progress }));
    deps.dispatch({ type: 'importSucceeded', users: answer.users });
    deps.storeSyncPreference(true);
  } catch (error) {
    deps.dispatch({ type: 'importFailed' });
    const status = (error as { status?: number }).status ?? 0;
    // The service's words say what was wrong with the file; a network failure gets the general words.
    const message = status >= 400 && status < 500 ? (error as Error).message : undefined;
    deps.retryToast('importFailed', () => void chooseContactsFile(file, deps), message);
  } finally {
    deps.refresh();
  }
}

/** Deletes every imported contact; the preference is stored as off. Only a delete that happened says so. */
export async function deleteContacts(deps: ContactSyncDeps): Promise<void> {
  deps.dispatch({ type: 'deleteStarted' });
  try {
    await deps.remove();
    deps.dispatch({ type: 'deleteSucceeded' });
    deps.storeSyncPreference(false);
    deps.refresh();
    deps.deletedToast();
  } catch {
    deps.dispatch({ type: 'deleteFailed' });
    deps.retryToast('deleteFailed', () => void deleteContacts(deps));
  }
}

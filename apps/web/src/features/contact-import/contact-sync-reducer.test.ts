import { describe, expect, it, vi } from 'vitest';
import type { ContactImportAnswer, ListedUser } from '@shutter/contract';
import { chooseContactsFile, deleteContacts, type ContactSyncDeps } from './contact-sync-actions';
import { contactSyncReducer, initialContactSync, type ContactSyncAction, type ContactSyncState } from './contact-sync-reducer';

const ann: ListedUser = { id: '11', username: 'ann', full_name: 'Ann', profile_pic_url: '/a.jpg', is_private: false, is_verified: false, followed_by_viewer: false, requested_by_viewer: false, follows_viewer: true };
const bob: ListedUser = { ...ann, id: '12', username: 'bob', followed_by_viewer: true, follows_viewer: false };
const answer: ContactImportAnswer = { import: { id: '1', created_at: 1, source: 'vcard', contact_count: 3, match_count: 2 }, users: [ann, bob], status: 'ok' };
const run = (actions: ContactSyncAction[], from: ContactSyncState = initialContactSync) => actions.reduce(contactSyncReducer, from);
const file = () => new File(['BEGIN:VCARD'], 'contacts.vcf');

function deps(overrides: Partial<ContactSyncDeps> = {}) {
  let state = initialContactSync;
  const d = {
    dispatch: vi.fn((a: ContactSyncAction) => { state = contactSyncReducer(state, a); }),
    upload: vi.fn(async (_f: File, onProgress: (n: number) => void) => { onProgress(0.5); onProgress(1); return answer; }),
    remove: vi.fn(async () => ({ status: 'ok' })),
    storeSyncPreference: vi.fn(),
    retryToast: vi.fn(),
    deletedToast: vi.fn(),
    refresh: vi.fn(),
    reopenChooser: vi.fn(),
    ...overrides,
  };
  return { d, state: () => state };
}

describe('the contact sync flow', () => {
  it('R-001-contact-sync-1: permission, then upload with progress, then the people found with their friendship statuses', () => {
    expect(initialContactSync.step).toBe('permission');
    let s = run([{ type: 'consent' }]);
    expect(s.step).toBe('choosing');
    s = run([{ type: 'uploadStarted' }, { type: 'uploadProgress', progress: 0.4 }, { type: 'uploadProgress', progress: 0.2 }], s);
    expect(s).toMatchObject({ step: 'uploading', progress: 0.4 });
    s = run([{ type: 'importSucceeded', users: [ann, bob] }], s);
    expect(s.step).toBe('results');
    expect(s.found.map((u) => [u.username, u.followed_by_viewer])).toEqual([['ann', false], ['bob', true]]);
  });

  it('R-001-contact-sync-1: a file chosen is uploaded and its people shown', async () => {
    const { d, state } = deps();
    await chooseContactsFile(file(), d);
    expect(d.upload).toHaveBeenCalledOnce();
    expect(state()).toMatchObject({ step: 'results', progress: 1, found: [ann, bob] });
  });

  it('R-001-contact-sync-2: deleting asks first, then clears what was found', async () => {
    let s = run([{ type: 'importSucceeded', users: [ann] }, { type: 'deleteAsked' }]);
    expect(s.confirmingDelete).toBe(true);
    expect(run([{ type: 'deleteCancelled' }], s).confirmingDelete).toBe(false);
    s = run([{ type: 'deleteStarted' }], s);
    expect(s).toMatchObject({ deleting: true, confirmingDelete: false });
    expect(run([{ type: 'deleteSucceeded' }], s)).toEqual(initialContactSync);
  });

  it('R-001-contact-sync-3: a successful import stores allowContactsSync on, a successful delete off', async () => {
    const { d } = deps();
    await chooseContactsFile(file(), d);
    expect(d.storeSyncPreference).toHaveBeenLastCalledWith(true);
    await deleteContacts(d);
    expect(d.storeSyncPreference).toHaveBeenLastCalledWith(false);
    expect(d.storeSyncPreference).toHaveBeenCalledTimes(2);
    expect(d.refresh).toHaveBeenCalledTimes(2);
  });

  it('R-001-contact-sync-4: a denied import (no file chosen) shows a retry toast that opens the chooser again', async () => {
    const { d, state } = deps();
    d.dispatch({ type: 'consent' });
    await chooseContactsFile(null, d);
    expect(state().step).toBe('permission');
    expect(d.upload).not.toHaveBeenCalled();
    expect(d.storeSyncPreference).not.toHaveBeenCalled();
    expect(d.retryToast).toHaveBeenCalledWith('denied', expect.any(Function));
    vi.mocked(d.retryToast).mock.calls[0]![1]();
    expect(d.reopenChooser).toHaveBeenCalledOnce();
    expect(state().step).toBe('choosing');
  });

  it('R-001-contact-sync-4: a failed import shows a retry toast (with the service\'s words) whose Retry uploads the same file again', async () => {
    const failing = Object.assign(new Error('This file is larger than 1 MB.'), { status: 413 });
    const upload = vi.fn().mockRejectedValueOnce(failing).mockResolvedValueOnce(answer);
    const { d, state } = deps({ upload });
    const chosen = file();
    await chooseContactsFile(chosen, d);
    expect(state().step).toBe('permission');
    expect(d.storeSyncPreference).not.toHaveBeenCalled();
    expect(d.retryToast).toHaveBeenCalledWith('importFailed', expect.any(Function), 'This file is larger than 1 MB.');
    vi.mocked(d.retryToast).mock.calls[0]![1]();
    await vi.waitFor(() => expect(state().step).toBe('results'));
    expect(upload.mock.calls[1]![0]).toBe(chosen);
    expect(d.storeSyncPreference).toHaveBeenCalledWith(true);
  });

  it('R-001-contact-sync-5: a failed delete shows a retry toast, keeps the people and stores nothing', async () => {
    const remove = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ status: 'ok' });
    const { d, state } = deps({ remove });
    d.dispatch({ type: 'importSucceeded', users: [ann] });
    await deleteContacts(d);
    expect(state()).toMatchObject({ deleting: false, found: [ann] });
    expect(d.storeSyncPreference).not.toHaveBeenCalled();
    expect(d.retryToast).toHaveBeenCalledWith('deleteFailed', expect.any(Function));
    expect(d.deletedToast).not.toHaveBeenCalled();
    vi.mocked(d.retryToast).mock.calls[0]![1]();
    await vi.waitFor(() => expect(state().found).toEqual([]));
    expect(d.storeSyncPreference).toHaveBeenCalledWith(false);
    expect(d.deletedToast).toHaveBeenCalledOnce();
  });

  it('R-001-contact-sync-6: a related profiles failure is flagged on that person only', () => {
    const s = run([
      { type: 'importSucceeded', users: [ann, bob] },
      { type: 'relatedRequested', userId: ann.id },
      { type: 'relatedRequested', userId: bob.id },
      { type: 'relatedFailed', userId: ann.id },
      { type: 'relatedLoaded', userId: bob.id, items: [] },
    ]);
    expect(s.related[ann.id]).toEqual({ status: 'failed' });
    expect(s.related[bob.id]).toEqual({ status: 'loaded', items: [] });
    expect(s.step).toBe('results');
    expect(s.found).toHaveLength(2);
  });

  it('R-001-contact-sync-7: other history failures clear the loading flags', () => {
    const s = run([
      { type: 'importSucceeded', users: [ann, bob] },
      { type: 'relatedRequested', userId: ann.id },
      { type: 'relatedRequested', userId: bob.id },
      { type: 'relatedFailed', userId: bob.id },
      { type: 'deleteStarted' },
      { type: 'historyFailed' },
    ]);
    expect(s.deleting).toBe(false);
    expect(s.related[ann.id]).toBeUndefined();
    expect(s.related[bob.id]).toEqual({ status: 'failed' });
    const uploading = run([{ type: 'uploadStarted' }, { type: 'uploadProgress', progress: 0.3 }, { type: 'historyFailed' }]);
    expect(uploading).toMatchObject({ step: 'permission', progress: 0 });
  });
});

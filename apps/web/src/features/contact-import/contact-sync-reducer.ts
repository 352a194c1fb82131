import type { ListedUser } from '@shutter/contract';
import type { Suggestion } from '../../state/queries/suggested-users';

/**
 * Finding friends from contacts (spec 001 "contact sync"): permission (the person's consent and
 * the file chooser), upload, then the people found with their friendship statuses; deleting what
 * was imported; and each found person's related profiles, whose failure is that person's alone.
 */
export type ContactSyncStep = 'permission' | 'choosing' | 'uploading' | 'results';

export type RelatedState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: Suggestion[] };

export interface ContactSyncState {
  step: ContactSyncStep;
  /** 0..1 while uploading. */
  progress: number;
  /** The people the last import found (step `results`). */
  found: ListedUser[];
  confirmingDelete: boolean;
  deleting: boolean;
  /** Related profiles per found person, once asked for. */
  related: Record<string, RelatedState>;
}

export type ContactSyncAction =
  | { type: 'consent' }
  | { type: 'denied' }
  | { type: 'uploadStarted' }
  | { type: 'uploadProgress'; progress: number }
  | { type: 'importSucceeded'; users: ListedUser[] }
  | { type: 'importFailed' }
  | { type: 'importAgain' }
  | { type: 'deleteAsked' }
  | { type: 'deleteCancelled' }
  | { type: 'deleteStarted' }
  | { type: 'deleteSucceeded' }
  | { type: 'deleteFailed' }
  | { type: 'relatedRequested'; userId: string }
  | { type: 'relatedLoaded'; userId: string; items: Suggestion[] }
  | { type: 'relatedFailed'; userId: string }
  | { type: 'historyFailed' };

export const initialContactSync: ContactSyncState = { step: 'permission', progress: 0, found: [], confirmingDelete: false, deleting: false, related: {} };

/** Loading related profiles stop; loaded and failed ones stay as they were. */
function withoutLoading(related: Record<string, RelatedState>): Record<string, RelatedState> {
  return Object.fromEntries(Object.entries(related).filter(([, r]) => r.status !== 'loading'));
}

export function contactSyncReducer(state: ContactSyncState, action: ContactSyncAction): ContactSyncState {
  switch (action.type) {
    case 'consent':
      return state.step === 'uploading' ? state : { ...state, step: 'choosing' };
    case 'denied':
      return state.step === 'choosing' || state.step === 'permission' ? { ...state, step: 'permission' } : state;
    case 'uploadStarted':
      return { ...state, step: 'uploading', progress: 0 };
    case 'uploadProgress':
      return state.step === 'uploading' ? { ...state, progress: Math.min(1, Math.max(state.progress, action.progress)) } : state;
    case 'importSucceeded':
      return { ...state, step: 'results', progress: 1, found: action.users, related: {} };
    case 'importFailed':
      return { ...state, step: 'permission', progress: 0 };
    case 'importAgain':
      return { ...state, step: 'permission', progress: 0 };
    case 'deleteAsked':
      return { ...state, confirmingDelete: true };
    case 'deleteCancelled':
      return { ...state, confirmingDelete: false };
    case 'deleteStarted':
      return { ...state, confirmingDelete: false, deleting: true };
    case 'deleteSucceeded':
      return { ...initialContactSync };
    case 'deleteFailed':
      return { ...state, deleting: false };
    case 'relatedRequested':
      return { ...state, related: { ...state.related, [action.userId]: { status: 'loading' } } };
    case 'relatedLoaded':
      return { ...state, related: { ...state.related, [action.userId]: { status: 'loaded', items: action.items } } };
    case 'relatedFailed':
      return { ...state, related: { ...state.related, [action.userId]: { status: 'failed' } } };
    case 'historyFailed':
      return { ...state, deleting: false, confirmingDelete: false, step: state.step === 'uploading' ? 'permission' : state.step, progress: 0, related: withoutLoading(state.related) };
  }
}

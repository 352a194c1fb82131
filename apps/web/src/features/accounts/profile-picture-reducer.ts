import type { ProfilePictureAnswer } from '../../state/queries/account';

export type PictureChange = 'set' | 'remove';

export type ProfilePictureState =
  | { status: 'idle' }
  | { status: 'requested'; change: PictureChange }
  | { status: 'succeeded'; hasPicture: boolean; upsell: boolean }
  | { status: 'failed' };

export type ProfilePictureAction = { type: 'request'; change: PictureChange } | { type: 'answered'; answer: ProfilePictureAnswer | null } | { type: 'failed' } | { type: 'reset' };

export const initialProfilePicture: ProfilePictureState = { status: 'idle' };

/**
 * Spec 000 §4: requested → succeeded | failed. An answer without `changed_profile` is a failure
 * too (the server did not change anything); the upsell is offered only when the server says so.
 */
export function profilePictureReducer(state: ProfilePictureState, action: ProfilePictureAction): ProfilePictureState {
  switch (action.type) {
    case 'request':
      return { status: 'requested', change: action.change };
    case 'answered':
      if (state.status !== 'requested') return state;
      if (!action.answer?.changed_profile) return { status: 'failed' };
      return { status: 'succeeded', hasPicture: action.answer.has_profile_pic === true, upsell: action.answer.profile_pic_to_post_upsell_eligible === true };
    case 'failed':
      return state.status === 'requested' ? { status: 'failed' } : state;
    case 'reset':
      return initialProfilePicture;
  }
}

/** Success is announced with a toast (R-000-profile-picture-1). */
export function pictureToast(state: ProfilePictureState): 'account.picture.updated' | null {
  return state.status === 'succeeded' ? 'account.picture.updated' : null;
}

import { describe, expect, it } from 'vitest';
import { initialProfilePicture, pictureToast, profilePictureReducer, type ProfilePictureAction } from './profile-picture-reducer';

const run = (...actions: ProfilePictureAction[]) => actions.reduce(profilePictureReducer, initialProfilePicture);
const request: ProfilePictureAction = { type: 'request', change: 'set' };

describe('profile picture change', () => {
  it('R-000-profile-picture-1: requested → succeeded, and success shows a toast', () => {
    expect(run(request).status).toBe('requested');
    const done = run(request, { type: 'answered', answer: { changed_profile: true, has_profile_pic: true } });
    expect(done.status).toBe('succeeded');
    expect(pictureToast(done)).toBe('account.picture.updated');
    expect(pictureToast(run(request))).toBeNull();
  });

  it('R-000-profile-picture-2: requested → failed on failure', () => {
    const failed = run(request, { type: 'failed' });
    expect(failed.status).toBe('failed');
    expect(pictureToast(failed)).toBeNull();
  });

  it('R-000-profile-picture-3: success may offer the first-post upsell', () => {
    const offered = run(request, { type: 'answered', answer: { changed_profile: true, has_profile_pic: true, profile_pic_to_post_upsell_eligible: true } });
    expect(offered).toEqual({ status: 'succeeded', hasPicture: true, upsell: true });
    const plain = run(request, { type: 'answered', answer: { changed_profile: true, has_profile_pic: true, profile_pic_to_post_upsell_eligible: false } });
    expect(plain.status === 'succeeded' && plain.upsell).toBe(false);
  });

  it('R-000-profile-picture-4: an answer without changed_profile, or a network failure, is failed', () => {
    expect(run(request, { type: 'answered', answer: { has_profile_pic: true } }).status).toBe('failed');
    expect(run({ type: 'request', change: 'remove' }, { type: 'answered', answer: null }).status).toBe('failed');
    expect(run({ type: 'request', change: 'remove' }, { type: 'failed' }).status).toBe('failed');
  });
});

import { describe, expect, it } from 'vitest';
import { emailChanged, emptyProfileForm, normalizeGender, profileFormFields } from './edit-profile-form';

describe('edit profile form', () => {
  it('R-000-signup-14: gender codes are 1 male, 2 female, 3 unspecified and 4 custom with its text', () => {
    expect([1, 2, 3, 4].map(normalizeGender)).toEqual([1, 2, 3, 4]);
    expect(profileFormFields({ ...emptyProfileForm(), gender: 4, custom_gender: ' nonbinary ' })).toMatchObject({ gender: 4, custom_gender: 'nonbinary' });
    expect(profileFormFields({ ...emptyProfileForm(), gender: 1, custom_gender: 'stale' })).toMatchObject({ gender: 1, custom_gender: '' });
  });

  it('sends the current password only with a new email', () => {
    const form = { ...emptyProfileForm(), email: 'ana@example.org' };
    expect(emailChanged(form, 'ana@example.org')).toBe(false);
    expect(emailChanged({ ...form, email: ' ANA@example.org ' }, 'ana@example.org')).toBe(false);
    expect(emailChanged({ ...form, email: 'ana@example.net' }, 'ana@example.org')).toBe(true);
    expect(profileFormFields(form, 'ana@example.org', 'secret words')).not.toHaveProperty('password');
    expect(profileFormFields({ ...form, email: 'ana@example.net' }, 'ana@example.org', 'secret words')).toMatchObject({ email: 'ana@example.net', password: 'secret words' });
  });

  it('R-000-signup-15: gender defaults to 3 (unspecified)', () => {
    expect(emptyProfileForm().gender).toBe(3);
    expect(normalizeGender(undefined)).toBe(3);
    expect(normalizeGender(9)).toBe(3);
  });
});

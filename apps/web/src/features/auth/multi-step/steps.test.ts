import { describe, expect, it } from 'vitest';
import { draftFields, firstError, initialDraft, reachableStep, stepOfErrors, stepsFor } from './steps';

describe('multi-step signup steps', () => {
  it('R-000-signup-9: the contact point is a phone unless email is chosen, and each has its steps', () => {
    expect(initialDraft().contactPointType).toBe('phone');
    expect(stepsFor('phone')).toEqual(['phone', 'confirmationCode', 'nameAndPassword', 'birthday']);
    expect(stepsFor('email')).toEqual(['email', 'nameAndPassword', 'birthday']);
  });

  it('a step the draft cannot reach yet gives the first step it lacks', () => {
    const draft = initialDraft('phone');
    expect(reachableStep(draft, 'birthday')).toBe('phone');
    const sent = { ...draft, phone_number: '+15550100199', codeSends: 1 };
    expect(reachableStep(sent, 'nameAndPassword')).toBe('confirmationCode');
    expect(reachableStep({ ...sent, codeVerified: true }, 'nameAndPassword')).toBe('nameAndPassword');
    expect(reachableStep({ ...sent, codeVerified: true, username: 'amy', password: 'secret1234' }, 'birthday')).toBe('birthday');
    expect(reachableStep(draft, 'parentalConsent')).toBe('phone');
    expect(reachableStep({ ...draft, parentEmail: 'p@example.org' }, 'parentalConsent')).toBe('parentalConsent');
  });

  it('the first error among a step\'s fields, and the step that owns an error', () => {
    const errors = { password: ['Too short.'], username: ['Taken.'], birthday: ['Add it.'] };
    expect(firstError(errors, ['first_name', 'username', 'password'])).toBe('Taken.');
    expect(firstError(errors, ['email'])).toBeNull();
    expect(stepOfErrors(errors, 'email')).toBe('nameAndPassword');
    expect(stepOfErrors({ sms_code: ['Ask again.'] }, 'phone')).toBe('confirmationCode');
  });

  it('a phone draft sends its number and code, never an email, and the other way round', () => {
    const draft = { ...initialDraft('phone'), phone_number: ' +15550100199 ', sms_code: '123456', email: 'left@example.org' };
    expect(draftFields(draft)).toMatchObject({ email: '', phone_number: '+15550100199', sms_code: '123456' });
    expect(draftFields({ ...draft, contactPointType: 'email' })).toMatchObject({ email: 'left@example.org', phone_number: '', sms_code: '' });
  });
});

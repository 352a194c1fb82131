import { describe, expect, it } from 'vitest';
import { signupFields } from '@shutter/contract';
import { SIGNUP_FIELDS, canSubmitSignup, initialSignupState, signupReducer, signupValues, visibleError, type SignupAction, type SignupState } from './signup-reducer';

const run = (actions: SignupAction[], start: SignupState = initialSignupState()) => actions.reduce(signupReducer, start);

const typed = () =>
  run([
    { type: 'change', field: 'email', value: 'bad-email' },
    { type: 'change', field: 'first_name', value: 'Alice' },
    { type: 'change', field: 'username', value: 'alice' },
    { type: 'change', field: 'password', value: '123' },
  ]);

const dryRun = (state: SignupState): SignupAction => ({
  type: 'dryRunResult',
  values: signupValues(state),
  errors: { email: ['Enter a valid email address.'], username: ['This username isn\'t available.'], password: ['Too short.'] },
  suggestions: ['alice_1', 'alice.photos'],
});

describe('signup reducer', () => {
  it('the client field list matches the contract', () => {
    expect([...SIGNUP_FIELDS].sort()).toEqual([...signupFields].sort());
  });

  it('R-000-signup-2: dry run errors are stored per field and error-free filled fields are validated', () => {
    let s = typed();
    s = signupReducer(s, dryRun(s));
    expect(s.fields.email.error).toBe('Enter a valid email address.');
    expect(s.fields.password.error).toBe('Too short.');
    expect(s.fields.first_name).toMatchObject({ error: null, validated: true });
    expect(s.fields.email.validated).toBe(false);
  });

  it('R-000-signup-3: errors of fields not yet visited are hidden', () => {
    let s = typed();
    s = signupReducer(s, dryRun(s));
    expect(s.fields.email.error).not.toBeNull();
    expect(visibleError(s.fields.email)).toBeNull();
    expect(visibleError(s.fields.password)).toBeNull();
  });

  it('R-000-signup-3: a field shows its error while focused and after it was visited', () => {
    let s = typed();
    s = run([{ type: 'focus', field: 'email' }, dryRun(s)], s);
    expect(visibleError(s.fields.email)).toBe('Enter a valid email address.');
    s = run([{ type: 'blur', field: 'email' }, { type: 'focus', field: 'username' }], s);
    expect(visibleError(s.fields.email)).toBe('Enter a valid email address.');
    expect(visibleError(s.fields.username)).toBe("This username isn't available.");
    expect(visibleError(s.fields.password)).toBeNull();
  });

  it('R-000-signup-2: a dry run answer for a value since edited does not touch that field', () => {
    let s = typed();
    const answer = dryRun(s);
    s = signupReducer(s, { type: 'change', field: 'email', value: 'alice@example.com' });
    s = signupReducer(s, answer);
    expect(s.fields.email.error).toBeNull();
    expect(s.fields.password.error).toBe('Too short.');
  });

  it('username suggestions are offered when the username is taken and can be picked', () => {
    let s = typed();
    s = signupReducer(s, dryRun(s));
    expect(s.usernameSuggestions).toEqual(['alice_1', 'alice.photos']);
    s = signupReducer(s, { type: 'pickSuggestion', username: 'alice_1' });
    expect(s.fields.username).toMatchObject({ value: 'alice_1', error: null });
    expect(s.usernameSuggestions).toEqual([]);
  });

  it('R-000-signup-6: a failed signup shows field errors, even on fields never visited', () => {
    let s = run([{ type: 'submit' }], typed());
    s = signupReducer(s, { type: 'submitFailed', errors: { email: ['Another account is using this email.'] }, suggestions: [], message: 'x' });
    expect(s.submitting).toBe(false);
    expect(visibleError(s.fields.email)).toBe('Another account is using this email.');
    expect(s.formError).toBeNull();
  });

  it('R-000-signup-6: a failed signup without field errors shows a generic error', () => {
    let s = run([{ type: 'submit' }], typed());
    s = signupReducer(s, { type: 'submitFailed', errors: {}, suggestions: [], message: 'Please wait a few minutes before you try again.' });
    expect(s.formError).toBe('Please wait a few minutes before you try again.');
  });

  it('signup can be submitted only with every field filled and nothing in flight', () => {
    expect(canSubmitSignup(initialSignupState())).toBe(false);
    expect(canSubmitSignup(typed())).toBe(true);
    expect(canSubmitSignup(signupReducer(typed(), { type: 'submit' }))).toBe(false);
  });
});

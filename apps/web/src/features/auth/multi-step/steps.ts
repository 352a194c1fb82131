import { emptyBirthday, type BirthdayValues } from '../birthday';

/**
 * Spec 000 "Multi-step signup": a contact point (phone by default, or email), the texted code for a
 * phone, name and password, then the birthday. Each step is a path, `/accounts/signup/{step}/`.
 */
export type ContactPointType = 'phone' | 'email';
export type StepName = 'phone' | 'email' | 'confirmationCode' | 'nameAndPassword' | 'birthday' | 'parentalConsent';

export const SIGNUP_STEPS_BASE = '/accounts/signup/';
export const stepPath = (step: StepName) => `${SIGNUP_STEPS_BASE}${step}/`;

export interface SignupDraft {
  contactPointType: ContactPointType;
  phone_number: string;
  email: string;
  sms_code: string;
  /** 0: no code yet; 1: sent; 2 and more: sent again. */
  codeSends: number;
  codeVerified: boolean;
  first_name: string;
  username: string;
  password: string;
  birthday: BirthdayValues;
  /** Set once the account waits for a parent: where the link went. */
  parentEmail: string | null;
}

export const initialDraft = (contactPointType: ContactPointType = 'phone'): SignupDraft => ({
  contactPointType, phone_number: '', email: '', sms_code: '', codeSends: 0, codeVerified: false,
  first_name: '', username: '', password: '', birthday: emptyBirthday(), parentEmail: null,
});

/** The steps in order for a contact point type. */
export function stepsFor(type: ContactPointType): StepName[] {
  return type === 'phone' ? ['phone', 'confirmationCode', 'nameAndPassword', 'birthday'] : ['email', 'nameAndPassword', 'birthday'];
}

/** The fields each step owns: a server error on one of them belongs to that step. */
export const STEP_FIELDS: Record<StepName, readonly string[]> = {
  phone: ['phone_number'],
  email: ['email'],
  confirmationCode: ['sms_code'],
  nameAndPassword: ['first_name', 'username', 'password'],
  birthday: ['birthday', 'parent_email'],
  parentalConsent: [],
};

/** The earliest step the draft may show: a later one needs what the steps before it gave. */
export function reachableStep(draft: SignupDraft, wanted: StepName): StepName {
  if (wanted === 'parentalConsent') return draft.parentEmail ? wanted : stepsFor(draft.contactPointType)[0]!;
  if (wanted === 'phone' || wanted === 'email') return wanted;
  const steps = stepsFor(draft.contactPointType);
  const done: Record<StepName, boolean> = {
    phone: draft.phone_number.trim() !== '' && draft.codeSends > 0,
    email: draft.email.trim() !== '',
    confirmationCode: draft.codeVerified,
    nameAndPassword: draft.username.trim() !== '' && draft.password !== '',
    birthday: false,
    parentalConsent: false,
  };
  for (const step of steps) {
    if (step === wanted || !done[step]) return step;
  }
  return steps[0]!;
}

/** The first server error among a step's fields (spec 000: the first field error is shown). */
export function firstError(errors: Record<string, string[]>, fields: readonly string[]): string | null {
  for (const field of fields) {
    const message = errors[field]?.[0];
    if (message) return message;
  }
  return null;
}

/** The step that owns the first field with an error, in the steps' order. */
export function stepOfErrors(errors: Record<string, string[]>, type: ContactPointType): StepName | null {
  return stepsFor(type).find((step) => firstError(errors, STEP_FIELDS[step]) !== null) ?? null;
}

/** What the dry run and the signup send. */
export function draftFields(draft: SignupDraft) {
  const phone = draft.contactPointType === 'phone';
  return {
    email: phone ? '' : draft.email.trim(),
    phone_number: phone ? draft.phone_number.trim() : '',
    sms_code: phone ? draft.sms_code : '',
    first_name: draft.first_name,
    username: draft.username.trim(),
    password: draft.password,
  };
}

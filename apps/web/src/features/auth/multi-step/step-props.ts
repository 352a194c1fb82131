import type { StepCheck } from './use-step-check';
import type { SignupDraft, StepName } from './steps';

/** What every step gets from the signup page: the draft, a way to change it, to move on, and its check. */
export interface StepProps {
  draft: SignupDraft;
  update: (change: Partial<SignupDraft>) => void;
  /** `handed` travels with the navigation (the waiting screen's parent email). */
  go: (step: StepName, handed?: { parentEmail: string }) => void;
  check: StepCheck;
}

import { useState } from 'react';
import { ApiError, localizedFieldErrors } from '../../../lib/api';
import { attemptSignup } from '../../../state/queries/auth';
import { draftFields, firstError, STEP_FIELDS, type SignupDraft, type StepName } from './steps';

/**
 * A step's check with the service's dry run: the first error among the step's own fields shows
 * (spec 000), and a failure that is no field's opens the generic dialog.
 */
export function useStepCheck() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [genericFailure, setGenericFailure] = useState(false);
  const [suggestions, setSuggestions] = useState<string[]>([]);

  async function check(step: StepName, draft: SignupDraft, extra: Record<string, string> = {}): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      const result = await attemptSignup({ ...draftFields(draft), ...extra });
      const errors = result.dryrun_passed ? {} : localizedFieldErrors(result);
      const message = firstError(errors, STEP_FIELDS[step]);
      setSuggestions(errors.username ? result.username_suggestions ?? [] : []);
      setError(message);
      return message === null;
    } catch (caught) {
      const errors = caught instanceof ApiError ? localizedFieldErrors(caught.body) : {};
      const message = firstError(errors, STEP_FIELDS[step]);
      if (message) setError(message);
      else if (caught instanceof ApiError && caught.status === 429) setError(caught.message);
      else setGenericFailure(true);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { check, error, setError, busy, setBusy, suggestions, genericFailure, showGeneric: () => setGenericFailure(true), closeGeneric: () => setGenericFailure(false) };
}
export type StepCheck = ReturnType<typeof useStepCheck>;

/**
 * The flow's steps and their paths (spec 000 §2: any path containing /create/ is the flow). The
 * navigation links to /create/style/, which is the file picker until files are chosen and the crop
 * afterwards; any other /create/ path without files falls back to it.
 */
export type Step = 'choose' | 'crop' | 'filter' | 'details';

export const STEP_PATHS: Record<Step, string> = {
  choose: '/create/style/',
  crop: '/create/style/',
  filter: '/create/filter/',
  details: '/create/details/',
};

export interface StepContext {
  hasItems: boolean;
  /** Videos have no crop or filter: a post of videos only skips the filter step. */
  onlyVideos: boolean;
}

export function stepFor(pathname: string, ctx: StepContext): Step {
  if (!ctx.hasItems) return 'choose';
  if (pathname.includes('/create/details/')) return 'details';
  if (pathname.includes('/create/filter/')) return ctx.onlyVideos ? 'crop' : 'filter';
  return 'crop';
}

const ORDER: Step[] = ['choose', 'crop', 'filter', 'details'];

export function nextStep(step: Step, ctx: StepContext): Step | null {
  const next = ORDER[ORDER.indexOf(step) + 1] ?? null;
  return next === 'filter' && ctx.onlyVideos ? 'details' : next;
}

export function previousStep(step: Step, ctx: StepContext): Step | null {
  const previous = ORDER[ORDER.indexOf(step) - 1] ?? null;
  return previous === 'filter' && ctx.onlyVideos ? 'crop' : previous;
}

import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isStoryCreatePath } from '@shutter/contract';
import { isCreatePath } from '../../lib/create-path';
import { useDocumentTitle, useT, type MessageId } from '../../lib/i18n/i18n';
import { ConfirmDialog } from '../../ui/modal';
import { captionProblem } from './caption';
import { ChooseStep } from './choose-step';
import { hasUnsavedWork, isSharing } from './creation-reducer';
import { dispatchCreation, useCreation } from './creation-store';
import { CropStep } from './crop-step';
import { DetailsStep } from './details-step';
import { FilterStep } from './filter-step';
import { FlowShell } from './flow-shell';
import { flowEntry } from './flow-entry';
import { makeUploadId } from './share-request';
import { nextStep, previousStep, STEP_PATHS, stepFor, type Step } from './steps';
import { useShare } from './use-share';

const TITLES: Record<Step, MessageId> = {
  choose: 'create.title.choose',
  crop: 'create.title.crop',
  filter: 'create.title.filter',
  details: 'create.title.details',
};

const historyIdx = (): number => (window.history.state as { idx?: number } | null)?.idx ?? 0;

/**
 * The creation flow, rendered for every path containing /create/ (R-000-routes-20). Choices the
 * spec leaves open: choose and crop share /create/style/, then /create/filter/ and /create/details/;
 * the aspect is one for the whole carousel; crop and filter are per photo; videos are sent as they
 * are; the session ends when the viewer leaves the /create/ paths (as story creation does).
 */
export function CreateFlow() {
  const t = useT();
  const session = useCreation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const share = useShare();
  const [confirming, setConfirming] = useState<'close' | 'back' | null>(null);
  const ctx = { hasItems: session.items.length > 0, onlyVideos: session.items.every((it) => it.kind === 'video') };
  const step = stepFor(pathname, ctx);
  const unsaved = hasUnsavedWork(session);
  useDocumentTitle(t(TITLES[step]));

  useEffect(() => {
    flowEntry.startAt(historyIdx());
    if (session.phase === 'idle') dispatchCreation({ type: 'start', sessionId: makeUploadId() });
  }, [session.phase]);

  // Another /create/ path than the step's (a reload on /create/details/ without files): correct it.
  useEffect(() => {
    if (step !== 'details' && step !== 'filter' && !pathname.endsWith(STEP_PATHS[step])) void navigate(STEP_PATHS[step], { replace: true });
  }, [step, pathname, navigate]);

  // Each step remounts this screen; only a path outside the post's /create/ paths ends the session
  // (story creation's /create/story paths are not the post's).
  useEffect(
    () => () => {
      setTimeout(() => {
        const path = window.location.pathname;
        if (isCreatePath(path) && !isStoryCreatePath(path)) return;
        dispatchCreation({ type: 'reset' });
        flowEntry.clear();
      }, 0);
    },
    [],
  );

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const leave = () => {
    setConfirming(null);
    const entry = flowEntry.get() ?? 0;
    if (entry > 0) void navigate(entry - 1 - historyIdx());
    else void navigate('/', { replace: true });
  };
  const close = () => (unsaved && !isSharing(session) ? setConfirming('close') : leave());
  const back = () => {
    const previous = previousStep(step, ctx);
    if (!previous) return;
    if (previous === 'choose') return setConfirming('back');
    if (historyIdx() > (flowEntry.get() ?? 0)) void navigate(-1);
    else void navigate(STEP_PATHS[previous], { replace: true });
  };
  const discard = () => {
    if (confirming === 'close') return leave();
    setConfirming(null);
    dispatchCreation({ type: 'reset' });
  };

  const next = nextStep(step, ctx);
  const busy = isSharing(session);
  const action =
    step === 'choose'
      ? undefined
      : step === 'details'
        ? { label: t('create.share'), onClick: () => void share(), disabled: busy || captionProblem(session.finalizedMedia.caption) !== null }
        : { label: t('create.next'), onClick: () => next && void navigate(STEP_PATHS[next]), disabled: busy };

  return (
    <>
      <FlowShell title={t(TITLES[step])} wide={step !== 'choose'} onClose={close} onBack={step === 'choose' || busy ? undefined : back} action={action}>
        {step === 'choose' ? <ChooseStep /> : null}
        {step === 'crop' ? <CropStep session={session} /> : null}
        {step === 'filter' ? <FilterStep session={session} /> : null}
        {step === 'details' ? <DetailsStep session={session} onRetry={() => void share()} /> : null}
      </FlowShell>
      <ConfirmDialog
        open={confirming !== null}
        title={t('create.discard.title')}
        body={t('create.discard.body')}
        confirmText={t('create.discard.confirm')}
        cancelText={t('create.discard.cancel')}
        onConfirm={discard}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

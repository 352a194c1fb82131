import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isStoryCreatePath, STORY_VIDEO_MAX_SEC, type StoryEntryPoint } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { ConfirmDialog } from '../../ui/modal';
import { makeUploadId } from '../create/share-request';
import { CaptureScreen } from './capture-screen';
import { openSource, type SourceProblem } from './open-source';
import { StoryEditor } from './story-editor';
import { hasStoryWork, isStorySharing } from './story-reducer';
import { dispatchStory, getStory, useStory } from './story-store';
import { useShareStory } from './use-share-story';
import styles from './story-create.module.css';

const historyIdx = (): number => (window.history.state as { idx?: number } | null)?.idx ?? 0;

/**
 * /create/story/: the capture screen, then the editor, in a modal dialog over the app (full
 * screen on a phone, the 9:16 frame centred on a desktop). The session ends when the viewer
 * leaves the /create/story paths.
 */
export function StoryCreatePage() {
  const t = useT();
  const state = useStory();
  const navigate = useNavigate();
  const share = useShareStory();
  const dialogRef = useRef<HTMLDialogElement>(null);
  /** What a confirmed discard leads to: out of story creation, or back to the capture screen. */
  const [afterDiscard, setAfterDiscard] = useState<'leave' | 'retake'>('leave');
  useDocumentTitle(t('storyCreate.title'));

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      // Another /create/story path keeps the session; any other path ends it.
      setTimeout(() => {
        if (!isStoryCreatePath(window.location.pathname)) dispatchStory({ type: 'reset' });
      }, 0);
    };
  }, []);

  const work = hasStoryWork(state);
  useEffect(() => {
    if (!work) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [work]);

  const leave = () => {
    if (historyIdx() > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  };
  const close = () => {
    if (isStorySharing(getStory())) return;
    setAfterDiscard('leave');
    if (hasStoryWork(getStory())) dispatchStory({ type: 'exitAttempt' });
    else leave();
  };
  const retake = () => {
    setAfterDiscard('retake');
    dispatchStory({ type: 'exitAttempt' });
  };

  const problemText = (problem: SourceProblem) =>
    problem === 'duration' ? t('storyCreate.problem.duration', { seconds: STORY_VIDEO_MAX_SEC }) : t(`storyCreate.problem.${problem}`);

  const pick = async (file: File, entryPoint: StoryEntryPoint) => {
    dispatchStory({ type: 'entryPointOpened', entryPoint });
    dispatchStory({ type: 'sessionStarted', sessionId: makeUploadId() });
    const opened = await openSource(file);
    if (opened.ok) dispatchStory({ type: 'processed', source: opened.source });
    else dispatchStory({ type: 'processFailed', message: problemText(opened.problem) });
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-label={t('storyCreate.title')}
      onCancel={(event) => {
        event.preventDefault();
        const mode = getStory().mode;
        if (mode === 'text') dispatchStory({ type: 'textSave' });
        else if (mode === 'draw') dispatchStory({ type: 'drawSave' });
        else if (mode === 'stickers') dispatchStory({ type: 'mode', mode: 'none' });
        else close();
      }}
    >
      {state.phase === 'editing' && state.source ? (
        <StoryEditor state={state} onClose={close} onRetake={retake} onShare={(audience) => void share(audience)} />
      ) : (
        <div className={styles.captureWrap}>
          <button type="button" className={`${styles.roundButton} ${styles.captureClose}`} onClick={close} aria-label={t('storyCreate.close')}>
            ×
          </button>
          <CaptureScreen onPick={(file, entry) => void pick(file, entry)} problem={state.processError} processing={state.phase === 'processing'} />
        </div>
      )}
      <ConfirmDialog
        open={state.exitPrompt}
        title={t('storyCreate.exit.title')}
        body={t('storyCreate.exit.body')}
        confirmText={t('storyCreate.exit.confirm')}
        cancelText={t('storyCreate.exit.cancel')}
        onConfirm={() => {
          if (afterDiscard === 'retake') return dispatchStory({ type: 'entryPointRequested', entryPoint: getStory().entryPoint });
          dispatchStory({ type: 'exitConfirm' });
          leave();
        }}
        onCancel={() => dispatchStory({ type: 'exitCancel' })}
      />
    </dialog>
  );
}

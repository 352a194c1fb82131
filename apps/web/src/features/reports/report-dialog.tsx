import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { FRX_REQUEST } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { firstServerError } from '../../lib/api';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { fetchFrxScreen, logTagSelected, useGuidedAction, type FollowUpAction } from '../../state/queries/reports';
import { currentEntry, initialReportFlow, reportFlowReducer, type FrxRequest, type ReportTarget } from './report-flow-reducer';
import { ReportScreen, type ScreenChoice } from './report-screen';
import { ProblemReport } from './problem-report';
import styles from './report-dialog.module.css';

/**
 * The guided report of one thing: asks the service for its first screen, then shows each screen it
 * sends until the confirmation, where the owner can be unfollowed or blocked. Mounted only while
 * open, so every opening starts from the first screen.
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const t = useT();
  const [state, dispatch] = useReducer(reportFlowReducer, initialReportFlow);
  const lastId = useRef(0);
  const thing = useMemo(() => ({ objectType: target.objectType, objectId: target.objectId }), [target.objectType, target.objectId]);
  const guidedAction = useGuidedAction(thing, target.owner);

  const send = useCallback(
    (request: FrxRequest, init = false) => {
      const requestId = ++lastId.current;
      dispatch({ type: 'requestScreen', requestId, request, init });
      fetchFrxScreen(thing, request).then(
        (answer) => dispatch({ type: 'screenLoaded', requestId, screen: answer.response }),
        (error: unknown) => dispatch({ type: 'requestFailed', requestId, message: firstServerError(error, t('reports.failed')) }),
      );
    },
    [thing, t],
  );

  useEffect(() => {
    dispatch({ type: 'open', target });
    send({ requestType: FRX_REQUEST.start, selectedTags: [], context: '' }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new flow only for another thing: the target object is rebuilt by every render of its menu
  }, [target.objectType, target.objectId]);

  const close = () => {
    dispatch({ type: 'close' });
    onClose();
  };

  const entry = currentEntry(state);
  const busy = state.pending !== null;

  const choose = (choice: ScreenChoice) => {
    if (!entry || busy) return;
    const { screen, tags } = entry;
    switch (choice.kind) {
      case 'tag':
        // Logged first: the pick counts even when the next screen never comes.
        void logTagSelected(thing, choice.tagType, screen.context).catch(() => undefined);
        if (screen.next_request_type !== null) send({ requestType: screen.next_request_type, selectedTags: [...tags, choice.tagType], context: screen.context });
        return;
      case 'victim':
        if (screen.next_request_type !== null) send({ requestType: screen.next_request_type, selectedTags: tags, context: screen.context, victim: choice.victim });
        return;
      case 'continue':
        if (screen.next_request_type !== null) send({ requestType: screen.next_request_type, selectedTags: tags, context: screen.context });
        return;
      case 'back':
        dispatch({ type: 'back' });
        return;
      case 'close':
        close();
        return;
      case 'followUp':
        void runFollowUp(choice.action, screen.context);
        return;
    }
  };

  const runFollowUp = async (action: FollowUpAction, context: string) => {
    dispatch({ type: 'startFollowUp', action });
    try {
      await guidedAction(action, context);
      dispatch({ type: 'followUpDone' });
    } catch {
      dispatch({ type: 'followUpFailed' });
    }
  };

  const canGoBack = state.stack.length > 1 && entry?.screen.next_request_type !== null;
  const failure = state.failed;

  return (
    <Modal open onClose={close} title={t('reports.dialogTitle')}>
      {canGoBack ? (
        <button type="button" className={styles.back} onClick={() => dispatch({ type: 'back' })} aria-label={t('reports.back')}>
          <Icon name="chevronLeft" size={24} />
        </button>
      ) : null}
      <div className={styles.body} aria-busy={busy || undefined} data-processing={state.isProcessing || undefined}>
        {entry ? <ReportScreen screen={entry.screen} owner={target.owner} busy={busy} followUp={state.followUp} onChoose={choose} /> : null}
        {busy ? (
          <div className={entry ? styles.pendingRow : styles.pendingFull}>
            <Spinner size={entry ? 18 : 28} label={state.isProcessing ? t('reports.sending') : t('reports.loading')} />
          </div>
        ) : null}
        {failure ? (
          <div className={styles.failure} role="alert">
            <p>{failure.message === 'unexpected_screen' ? t('reports.unexpectedScreen') : failure.message}</p>
            <Button variant="secondary" onClick={() => send(failure.request, failure.init)}>
              {t('reports.retry')}
            </Button>
          </div>
        ) : null}
        {entry ? <ProblemReport key={entry.screen.context} path={entry.screen.problem_report_path} /> : null}
      </div>
    </Modal>
  );
}

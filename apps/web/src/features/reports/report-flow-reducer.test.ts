import { describe, expect, it } from 'vitest';
import { FRX_REQUEST, FRX_SCREEN, FRX_TAG_STYLE, PROBLEM_REPORT_PATH, type FrxScreen, type FrxScreenType, type ReportObjectType } from '@shutter/contract';
import { currentEntry, initialReportFlow, modeOf, NEXT_REQUEST_BY_SCREEN, reportFlowReducer, screenMatchesSpec, type FrxRequest, type ReportFlowAction, type ReportFlowState } from './report-flow-reducer';

const screen = (screen_type: FrxScreenType, context: string): FrxScreen => ({
  screen_type,
  context,
  title: `screen ${context}`,
  tags: screen_type === FRX_SCREEN.tagSelection ? [{ tag_type: 'spam', tag_text: "It's spam" }] : undefined,
  tag_style: FRX_TAG_STYLE.list,
  next_request_type: NEXT_REQUEST_BY_SCREEN[screen_type],
  problem_report_path: PROBLEM_REPORT_PATH,
});
const target = (objectType: ReportObjectType = 'media') => ({ objectType, objectId: '42', owner: { id: '7', username: 'bob' } });
const start: FrxRequest = { requestType: FRX_REQUEST.start, selectedTags: [], context: '' };
const submit = (tags: string[], context: string): FrxRequest => ({ requestType: FRX_REQUEST.submit, selectedTags: tags, context });
const run = (actions: ReportFlowAction[], from: ReportFlowState = initialReportFlow) => actions.reduce(reportFlowReducer, from);

/** Opened, with the first screen (context "a") shown. */
const opened = (objectType: ReportObjectType = 'media') =>
  run([
    { type: 'open', target: target(objectType) },
    { type: 'requestScreen', requestId: 1, request: start, init: true },
    { type: 'screenLoaded', requestId: 1, screen: screen(FRX_SCREEN.tagSelection, 'a') },
  ]);

describe('report flow reducer', () => {
  it('keeps the screens as a stack: pushed on answer, popped on back, the top is current', () => {
    let state = run(
      [
        { type: 'requestScreen', requestId: 2, request: submit(['hate_speech'], 'a') },
        { type: 'screenLoaded', requestId: 2, screen: screen(FRX_SCREEN.tagSelection, 'b') },
        { type: 'requestScreen', requestId: 3, request: submit(['hate_speech', 'hate_speech_race'], 'b') },
        { type: 'screenLoaded', requestId: 3, screen: screen(FRX_SCREEN.policyEducation, 'c') },
      ],
      opened(),
    );
    expect(state.stack.map((entry) => entry.screen.context)).toEqual(['a', 'b', 'c']);
    expect(currentEntry(state)?.tags).toEqual(['hate_speech', 'hate_speech_race']);
    state = reportFlowReducer(state, { type: 'back' });
    expect(currentEntry(state)?.screen.context).toBe('b');
    state = reportFlowReducer(state, { type: 'back' });
    state = reportFlowReducer(state, { type: 'back' });
    expect(state.stack.map((entry) => entry.screen.context)).toEqual(['a']);
  });

  it('an init request replaces the stack with its answer', () => {
    const state = run(
      [
        { type: 'requestScreen', requestId: 2, request: start, init: true },
        { type: 'screenLoaded', requestId: 2, screen: screen(FRX_SCREEN.tagSelection, 'z') },
      ],
      opened(),
    );
    expect(state.stack.map((entry) => entry.screen.context)).toEqual(['z']);
  });

  it('gives each screen type the next request of the spec, and refuses a screen that says otherwise', () => {
    expect(NEXT_REQUEST_BY_SCREEN).toEqual({ 1: FRX_REQUEST.submit, 3: FRX_REQUEST.policyEducation, 4: FRX_REQUEST.selectVictim, 2: null });
    const wrong = { ...screen(FRX_SCREEN.selectVictim, 'x'), next_request_type: FRX_REQUEST.submit };
    expect(screenMatchesSpec(wrong)).toBe(false);
    const state = run([{ type: 'requestScreen', requestId: 2, request: submit(['bullying'], 'a') }, { type: 'screenLoaded', requestId: 2, screen: wrong }], opened());
    expect(state.stack).toHaveLength(1);
    expect(state.failed?.message).toBe('unexpected_screen');
  });

  it('ignores an answer whose request id is not the pending one', () => {
    let state = run([{ type: 'requestScreen', requestId: 2, request: submit(['spam'], 'a') }], opened());
    state = reportFlowReducer(state, { type: 'requestScreen', requestId: 3, request: submit(['scam'], 'a') });
    state = reportFlowReducer(state, { type: 'screenLoaded', requestId: 2, screen: screen(FRX_SCREEN.confirmation, 'stale') });
    expect(state.stack).toHaveLength(1);
    expect(state.pending?.id).toBe(3);
    state = reportFlowReducer(state, { type: 'requestFailed', requestId: 2, message: 'late failure' });
    expect(state.failed).toBeNull();
    state = reportFlowReducer(state, { type: 'screenLoaded', requestId: 3, screen: screen(FRX_SCREEN.confirmation, 'fresh') });
    expect(currentEntry(state)?.screen.context).toBe('fresh');
  });

  it('going back drops the request of the screen being left', () => {
    let state = run(
      [
        { type: 'requestScreen', requestId: 2, request: submit(['hate_speech'], 'a') },
        { type: 'screenLoaded', requestId: 2, screen: screen(FRX_SCREEN.tagSelection, 'b') },
        { type: 'requestScreen', requestId: 3, request: submit(['hate_speech', 'hate_speech_race'], 'b') },
        { type: 'back' },
      ],
      opened(),
    );
    expect(state.pending).toBeNull();
    state = reportFlowReducer(state, { type: 'screenLoaded', requestId: 3, screen: screen(FRX_SCREEN.confirmation, 'late') });
    expect(currentEntry(state)?.screen.context).toBe('a');
  });

  it('sets the processing flag on a submit and clears it on failure and on success, where the mode turns done', () => {
    let state = run([{ type: 'requestScreen', requestId: 2, request: submit(['spam'], 'a') }], opened('comment'));
    expect(state.isProcessing).toBe(true);
    state = reportFlowReducer(state, { type: 'requestFailed', requestId: 2, message: 'Server error' });
    expect(state.isProcessing).toBe(false);
    expect(state.failed).toMatchObject({ message: 'Server error', request: submit(['spam'], 'a') });
    expect(modeOf(state, 'comment')).toBe('steps');
    state = run([{ type: 'requestScreen', requestId: 3, request: submit(['spam'], 'a') }, { type: 'screenLoaded', requestId: 3, screen: screen(FRX_SCREEN.confirmation, 'done') }], state);
    expect(state.isProcessing).toBe(false);
    expect(state.failed).toBeNull();
    expect(modeOf(state, 'comment')).toBe('done');
  });

  it('keeps one mode per kind of thing', () => {
    for (const type of ['comment', 'media', 'user', 'story', 'direct_message'] as const) {
      const state = run([{ type: 'requestScreen', requestId: 2, request: submit(['spam'], 'a') }, { type: 'screenLoaded', requestId: 2, screen: screen(FRX_SCREEN.confirmation, 'end') }], opened(type));
      expect(modeOf(state, type)).toBe('done');
      expect(state.category).toBe(type);
      const others = (['comment', 'media', 'user', 'story', 'direct_message'] as const).filter((other) => other !== type);
      for (const other of others) expect(modeOf(state, other)).toBe('closed');
    }
  });

  it('runs a follow-up to done or failed', () => {
    let state = reportFlowReducer(opened(), { type: 'startFollowUp', action: 'block' });
    expect(state.followUp).toEqual({ action: 'block', status: 'pending' });
    expect(reportFlowReducer(state, { type: 'followUpFailed' }).followUp?.status).toBe('failed');
    state = reportFlowReducer(state, { type: 'followUpDone' });
    expect(state.followUp).toEqual({ action: 'block', status: 'done' });
  });

  it('closing resets everything, and a late answer finds nothing to land on', () => {
    let state = run([{ type: 'requestScreen', requestId: 2, request: submit(['spam'], 'a') }, { type: 'close' }], opened('comment'));
    expect(state).toEqual(initialReportFlow);
    state = reportFlowReducer(state, { type: 'screenLoaded', requestId: 2, screen: screen(FRX_SCREEN.confirmation, 'late') });
    expect(state).toEqual(initialReportFlow);
  });
});

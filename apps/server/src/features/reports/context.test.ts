import { describe, expect, it } from 'vitest';
import { createFlowContext, FLOW_TTL_MS, type FlowState } from './context.js';
import { isReasonOf, reasonText, topReasons } from './reasons.js';

const state: FlowState = { viewer: '11', type: 'media', id: '22', owner: '33', path: ['spam'], step: 'tags', at: 1_000 };

describe('the flow context', () => {
  it('opens what it sealed, for the same viewer, while fresh', () => {
    let now = 1_000;
    const contexts = createFlowContext(Buffer.alloc(32, 7), () => now);
    const sealed = contexts.seal(state);
    expect(contexts.open(sealed, '11')).toEqual(state);
    expect(() => contexts.open(sealed, '12')).toThrow(/not valid/);
    now += FLOW_TTL_MS + 1;
    expect(() => contexts.open(sealed, '11')).toThrow(/expired/);
  });

  it('refuses a context signed with another key or changed on the way', () => {
    const contexts = createFlowContext(Buffer.alloc(32, 7), () => 1_000);
    const other = createFlowContext(Buffer.alloc(32, 8), () => 1_000);
    expect(() => contexts.open(other.seal(state), '11')).toThrow();
    const [payload, mac] = contexts.seal(state).split('.');
    const changed = Buffer.from(JSON.stringify({ ...state, step: 'done' })).toString('base64url');
    expect(() => contexts.open(`${changed}.${mac}`, '11')).toThrow();
    expect(() => contexts.open(`${payload}.${mac}.x`, '11')).toThrow();
    expect(() => contexts.open('', '11')).toThrow();
  });
});

describe('the reasons', () => {
  it('offers each type its own reasons and names each in words', () => {
    expect(topReasons('user').map((r) => r.tag_type)).toContain('impersonation');
    expect(topReasons('media').map((r) => r.tag_type)).not.toContain('impersonation');
    expect(topReasons('direct_message').map((r) => r.tag_type)).toContain('dont_like');
    expect(isReasonOf('media', 'hate_speech_religion')).toBe(true);
    expect(isReasonOf('media', 'under_13')).toBe(false);
    expect(reasonText('hate_speech_religion')).toBe('Hate speech or symbols: Religious affiliation');
    expect(reasonText('spam')).toBe("It's spam");
  });
});

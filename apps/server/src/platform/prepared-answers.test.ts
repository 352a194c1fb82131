import { describe, expect, it } from 'vitest';
import { createPreparedAnswers } from './prepared-answers.js';
import { createSummaryCaches, type ForgetListener } from './summary-cache.js';

const VISITOR = '-';

function setUp() {
  const caches = createSummaryCaches({ prefix: 'test', log: { warn: () => undefined } as never });
  const forget = { posts: [] as ForgetListener[], people: [] as ForgetListener[] };
  const summaries = {
    posts: { onForget: (l: ForgetListener) => void forget.posts.push(l) },
    people: { onForget: (l: ForgetListener) => void forget.people.push(l) },
  };
  const prepared = createPreparedAnswers<{ owner: { id: string; username: string }; posts: string[] }>('test-prepared', caches, summaries, { shared: { key: VISITOR, kept: 100 } });
  const keep = (viewer: string, owner: string, posts: string[] = []) =>
    prepared.keep(viewer, owner, prepared.ticket(), { answer: { owner: { id: owner, username: `u${owner}` }, posts }, skeleton: posts, shown: posts });
  const kept = (viewer: string, owner: string) => prepared.get(viewer, owner) !== undefined;
  return { prepared, forget, keep, kept };
}

describe('answers kept ready', () => {
  it("a person's change drops only the answers that name them; the viewer's others stay", () => {
    const { forget, keep, kept } = setUp();
    keep('1', '10');
    keep('1', '11');
    keep('2', '10');
    for (const l of forget.people) l(['10']);
    expect([kept('1', '10'), kept('1', '11'), kept('2', '10')]).toEqual([false, true, false]);
    // Kept again, it is dropped again: the index was made anew for it.
    keep('1', '10');
    for (const l of forget.people) l(['10']);
    expect([kept('1', '10'), kept('1', '11')]).toEqual([false, true]);
  });

  it('a post forgotten drops every answer that held it, for every viewer', () => {
    const { forget, keep, kept } = setUp();
    keep('1', '10', ['100', '101']);
    keep('2', '11', ['101']);
    keep('2', '12', ['102']);
    for (const l of forget.posts) l(['101']);
    expect([kept('1', '10'), kept('2', '11'), kept('2', '12')]).toEqual([false, false, true]);
  });

  it("what a viewer sees changing drops all of that viewer's answers", async () => {
    const { prepared, keep, kept } = setUp();
    keep('1', '10');
    keep('1', '11');
    keep('2', '10');
    await prepared.viewersChanged('1');
    expect([kept('1', '10'), kept('1', '11'), kept('2', '10')]).toEqual([false, false, true]);
  });

  it('a person keeps their 8 latest answers; the key visitors share keeps as many as it is given', () => {
    const { keep, kept } = setUp();
    for (let i = 0; i < 50; i++) {
      keep('1', String(100 + i));
      keep(VISITOR, String(100 + i));
    }
    const person = Array.from({ length: 50 }, (_, i) => kept('1', String(100 + i)));
    expect(person.filter(Boolean)).toHaveLength(8);
    expect(person.slice(-8).every(Boolean)).toBe(true);
    expect(Array.from({ length: 50 }, (_, i) => kept(VISITOR, String(100 + i))).every(Boolean)).toBe(true);
  });

  it('an answer built while something was dropped is served but not kept', () => {
    const { prepared, forget } = setUp();
    const ticket = prepared.ticket();
    for (const l of forget.people) l(['99']);
    prepared.keep('1', '10', ticket, { answer: { owner: { id: '10', username: 'u10' }, posts: [] }, skeleton: [], shown: [] });
    expect(prepared.get('1', '10')).toBeUndefined();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiPost, fetchPageData } from './api';
import { AnswerMismatchError, checkAnswer } from './answer-check';
import { runQuery } from './run-query';

const answerWith = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('answers checked against the contract in tests and development', () => {
  it('an answer that matches its result schema passes through untouched', async () => {
    const body = { is_following: true, status: 'ok', extra: 1 };
    vi.stubGlobal('fetch', answerWith(body));
    await expect(apiPost('/web/tags/follow/sunset/', {}, { result: (r) => r.hashtagFollowAnswer })).resolves.toEqual(body);
  });

  it('a mismatching answer is reported with the path it came from', async () => {
    vi.stubGlobal('fetch', answerWith({ is_following: 'yes', status: 'ok' }));
    const call = apiPost('/web/tags/follow/sunset/', {}, { result: (r) => r.hashtagFollowAnswer });
    await expect(call).rejects.toThrow(AnswerMismatchError);
    await expect(call).rejects.toThrow(/\/web\/tags\/follow\/sunset\/.*is_following/);
  });

  it('page data is checked against its page schema', async () => {
    vi.stubGlobal('fetch', answerWith({ status: 'ok' }));
    await expect(fetchPageData('/explore/', { result: (r) => r.pageData.explore })).rejects.toThrow(/\/explore\/\?__a=1.*graphql/);
  });

  it('a persisted query is checked against the result of its name', async () => {
    vi.stubGlobal('fetch', answerWith({ data: { user: { id: 7 } }, status: 'ok' }));
    await expect(runQuery('viewer')).rejects.toThrow(/\/graphql\/query\/\?query_hash=.*does not match its result schema/);
  });

  it('a call that names no schema is not checked', async () => {
    vi.stubGlobal('fetch', answerWith({ anything: true }));
    await expect(apiGet('/web/whatever/')).resolves.toEqual({ anything: true });
  });

  it('in development a mismatch is logged and the answer still goes on', async () => {
    vi.stubEnv('MODE', 'development');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(checkAnswer('/web/tags/follow/x/', { status: 'ok' }, (r) => r.hashtagFollowAnswer)).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ name: 'AnswerMismatchError', path: '/web/tags/follow/x/' }));
  });

  it('a production build does not check', async () => {
    vi.stubEnv('MODE', 'production');
    vi.stubEnv('DEV', false);
    await expect(checkAnswer('/web/tags/follow/x/', { status: 'ok' }, (r) => r.hashtagFollowAnswer)).resolves.toBeUndefined();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { exploreHides, isHiddenFromExplore, notInterestedUrl, requestNotInterested } from './explore';

const answer = (status: number) => new Response(JSON.stringify(status === 200 ? { status: 'ok' } : { status: 'fail', message: 'no' }), { status });
const hidden = (id: string) => isHiddenFromExplore(id, exploreHides.snapshot());

afterEach(() => vi.unstubAllGlobals());

describe('the explore resource', () => {
  it('"not interested" hides the tile at once and keeps it hidden once the server confirms; undo brings it back', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(200)));
    const hide = requestNotInterested('5', true);
    expect(hidden('5')).toBe(true);
    expect(hidden('4')).toBe(false);
    await hide;
    expect(exploreHides.busy('5')).toBe(false);
    expect(hidden('5')).toBe(true);
    const undo = requestNotInterested('5', false);
    expect(hidden('5')).toBe(false);
    await undo;
    expect(hidden('5')).toBe(false);
  });

  it('a failed hide or undo goes back to what the server has', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(500)));
    const hide = requestNotInterested('7', true);
    expect(hidden('7')).toBe(true);
    await expect(hide).rejects.toMatchObject({ status: 500 });
    expect(hidden('7')).toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => answer(200)));
    await requestNotInterested('7', true);
    vi.stubGlobal('fetch', vi.fn(async () => answer(404)));
    await expect(requestNotInterested('7', false)).rejects.toMatchObject({ status: 404 });
    expect(hidden('7')).toBe(true);
  });

  it('posts to not_interested and its undo', () => {
    expect(notInterestedUrl('5', true)).toBe('/web/explore/not_interested/5/');
    expect(notInterestedUrl('5', false)).toBe('/web/explore/not_interested/5/undo/');
  });
});

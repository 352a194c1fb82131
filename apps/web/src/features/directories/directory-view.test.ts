import { describe, expect, it } from 'vitest';
import type { DirectoryPageData } from '@shutter/contract';
import { breadcrumbOf, directoryBody, directoryKindOf, parentPath } from './directory-view';

const level = (over: Partial<DirectoryPageData['level_info']>): DirectoryPageData['level_info'] => ({
  kind: 'profiles', key: null, depth: 0, parent_key: null, is_last_level: false, first: null, last: null, ...over,
});
const data = (over: Partial<DirectoryPageData>): DirectoryPageData => ({ level_info: level({}), key_list: [], profile_list: [], hashtag_list: [], status: 'ok', ...over });

describe('directory pages', () => {
  it('R-002-directories-4: a key is a root and numeric sub-keys: its breadcrumb goes up one sub-key at a time', () => {
    expect(breadcrumbOf('profiles', '3-7-1').map((c) => c.path)).toEqual([
      '/directory/profiles/', '/directory/profiles/3/', '/directory/profiles/3-7/', '/directory/profiles/3-7-1/',
    ]);
    expect(breadcrumbOf('hashtags', null)).toEqual([{ key: null, path: '/directory/hashtags/', current: true }]);
    expect(breadcrumbOf('profiles', '12').map((c) => c.current)).toEqual([false, true]);
    expect(parentPath('profiles', '3-7')).toBe('/directory/profiles/3/');
    expect(parentPath('profiles', '3')).toBe('/directory/profiles/');
    expect(directoryKindOf('/directory/hashtags/0/')).toBe('hashtags');
    expect(directoryKindOf('/directory/profiles/')).toBe('profiles');
  });

  it('shows sub-keys above the last level, entries on it, and an empty state when there are none', () => {
    expect(directoryBody(data({ key_list: [{ key: '0', first: 'a', last: 'b' }] })).kind).toBe('keys');
    expect(directoryBody(data({})).kind).toBe('empty');
    expect(directoryBody(data({ level_info: level({ kind: 'hashtags', is_last_level: true }), hashtag_list: [{ name: 'sun' }] }))).toEqual({ kind: 'hashtags', hashtags: [{ name: 'sun' }] });
    expect(directoryBody(data({ level_info: level({ is_last_level: true }) })).kind).toBe('empty');
  });
});

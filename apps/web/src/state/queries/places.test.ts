import { describe, expect, it } from 'vitest';
import { firstScreenQueries } from '../first-screen';
import { directoryKey, directoryPath, nextPagePath, parseDirectoryId, placePageKey } from './places';
import { locationMediaKey } from './post';

describe('directory ids and paths', () => {
  it('a country is its ISO code, a city c and its id, a place its id; anything else is no page', () => {
    expect(parseDirectoryId('US')).toEqual({ kind: 'country', id: 'US' });
    expect(parseDirectoryId('c5128581')).toEqual({ kind: 'city', id: 'c5128581' });
    expect(parseDirectoryId('2267057')).toEqual({ kind: 'place', id: '2267057' });
    for (const bad of ['us', 'USA', 'c', 'c12x', '12a', '', 'c1234567890123456789']) expect(parseDirectoryId(bad)).toBeNull();
  });

  it('pages and their next pages are plain paths', () => {
    expect(directoryPath('')).toBe('/explore/locations/');
    expect(directoryPath('US', 'united-states')).toBe('/explore/locations/US/united-states/');
    expect(nextPagePath('c1', 'paris', 'a/b=')).toBe('/explore/locations/c1/paris/?page=a%2Fb%3D');
  });
});

describe('first screen of place pages', () => {
  const route = (path: string, page: 'location' | 'location-directory') => ({ path, page });
  const grid = { count: 0, edges: [], page_info: { has_next_page: false, end_cursor: null } };

  it("a place's page data seeds its page and its first grid page; a directory page its list from the page asked for", () => {
    const place = { graphql: { location: { id: '7', name: 'Pier', slug: 'pier', edge_location_to_media: grid, edge_location_to_top_posts: { edges: [] } } }, status: 'ok' };
    const keys = firstScreenQueries({ route: route('/explore/locations/:id/:slug/', 'location'), params: { id: '7' }, pageData: place }).map(([key]) => key);
    expect(keys).toEqual([placePageKey('7'), locationMediaKey('7')]);

    const country = { country_info: { id: 'PT', name: 'Portugal', slug: 'portugal' }, city_list: [], next_page: null, status: 'ok' };
    const [[key, data]] = firstScreenQueries({ route: route('/locations/:id/', 'location'), params: { id: 'PT' }, pageData: country, search: '?page=abc' }) as [unknown, unknown][];
    expect(key).toEqual(directoryKey('PT', 'abc'));
    expect(data).toEqual({ pages: [country], pageParams: [null] });

    const landing = { country_list: [], next_page: 'n', status: 'ok' };
    expect(firstScreenQueries({ route: route('/explore/locations/', 'location-directory'), params: {}, pageData: landing })[0]![0]).toEqual(directoryKey('', null));
  });
});

import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { MediaNode } from '@shutter/contract';
import { exploreMediaKey, removeFromExplore, restoreToExplore, type ExploreData } from './explore';

const post = (id: string) => ({ id, shortcode: `s${id}` }) as unknown as MediaNode;
const page = (...ids: string[]) => ({ nodes: ids.map(post), clusters: [], pageInfo: { has_next_page: false, end_cursor: null } });
const idsOf = (client: QueryClient, cluster: string | null) => client.getQueryData<ExploreData>(exploreMediaKey(cluster))?.pages.map((p) => p.nodes.map((n) => n.id));

describe('the explore resource', () => {
  it('"not interested" takes the tile out of every explore grid at once, and undo puts it back in its place', () => {
    const client = new QueryClient();
    client.setQueryData<ExploreData>(exploreMediaKey(null), { pages: [page('1', '2', '3'), page('4', '5')], pageParams: [null, 'c'] });
    client.setQueryData<ExploreData>(exploreMediaKey('surf'), { pages: [page('5', '6')], pageParams: [null] });
    const removed = removeFromExplore(client, '5');
    expect(idsOf(client, null)).toEqual([['1', '2', '3'], ['4']]);
    expect(idsOf(client, 'surf')).toEqual([['6']]);
    restoreToExplore(client, removed);
    expect(idsOf(client, null)).toEqual([['1', '2', '3'], ['4', '5']]);
    expect(idsOf(client, 'surf')).toEqual([['5', '6']]);
    // Twice is harmless: a tile is never shown twice.
    restoreToExplore(client, removed);
    expect(idsOf(client, 'surf')).toEqual([['5', '6']]);
    expect(removeFromExplore(client, 'nope')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { markReelSeenInCache } from './reel-seen';

const ring = (id: string, latest: number, seen = 0) => ({ id, latest_reel_media: latest, seen, has_besties_media: false });

describe('marking a reel seen in the cache', () => {
  it('turns every cached ring of that person seen, and no one else', () => {
    const client = new QueryClient();
    const feed = { pages: [{ nodes: [{ id: 'p1', owner: { id: '7', username: 'alice', reel: ring('7', 100) } }, { id: 'p2', owner: { id: '8', username: 'bob', reel: ring('8', 100) } }] }] };
    client.setQueryData(['feed'], feed);
    client.setQueryData(['follow-list', '9'], { edges: [{ node: { id: '7', reel: ring('7', 100, 50) } }] });
    client.setQueryData(['tray'], { reels: [{ ...ring('7', 100), items: [] }] });
    // A post whose id happens to be the user's id is not a ring.
    client.setQueryData(['post', '7'], { id: '7', shortcode: 'x' });
    markReelSeenInCache(client, '7', 100);
    const nextFeed = client.getQueryData<typeof feed>(['feed'])!;
    expect(nextFeed.pages[0]!.nodes[0]!.owner.reel.seen).toBe(100);
    expect(nextFeed.pages[0]!.nodes[1]).toBe(feed.pages[0]!.nodes[1]);
    expect(client.getQueryData<{ edges: { node: { reel: { seen: number } } }[] }>(['follow-list', '9'])!.edges[0]!.node.reel.seen).toBe(100);
    expect(client.getQueryData<{ reels: { seen: number }[] }>(['tray'])!.reels[0]!.seen).toBe(100);
    expect(client.getQueryData(['post', '7'])).toEqual({ id: '7', shortcode: 'x' });
  });

  it('never moves a seen time back', () => {
    const client = new QueryClient();
    const data = { owner: { id: '7', reel: ring('7', 300, 200) } };
    client.setQueryData(['page'], data);
    markReelSeenInCache(client, '7', 150);
    expect(client.getQueryData(['page'])).toBe(data);
  });
});

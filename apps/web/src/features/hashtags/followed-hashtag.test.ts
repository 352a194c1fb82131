import { describe, expect, it } from 'vitest';
import type { FeedPage, MediaNode } from '@shutter/contract';
import { answerOf, type FeedNode } from '../../state/queries/feed';

const node = (id: string) => ({ id, __typename: 'GraphImage', shortcode: `s${id}` }) as unknown as MediaNode;

describe('posts of followed hashtags in the feed', () => {
  it('keeps the hashtag a post came through on its node, and nothing on the others', () => {
    const page: FeedPage = {
      user: { edge_web_feed_timeline: { edges: [{ node: node('3') }, { node: node('2'), followed_hashtag: 'sunset' }], page_info: { has_next_page: false, end_cursor: null } } },
    };
    const nodes = answerOf(page).nodes as FeedNode[];
    expect(nodes.map((n) => [n.id, n.followed_hashtag])).toEqual([['3', undefined], ['2', 'sunset']]);
    expect('followed_hashtag' in nodes[0]!).toBe(false);
  });
});

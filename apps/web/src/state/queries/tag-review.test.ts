import { describe, expect, it } from 'vitest';
import type { GridData } from './profile';
import type { ActivityFeedData, ActivityStory } from './activity';
import { approveTagged, dropTagged, findTagged, reviewedInActivity, withReviews, type TaggedNode } from './tag-review';

const node = (id: string, tag_status: TaggedNode['tag_status'] = 'approved') => ({ id, tag_status }) as TaggedNode;
const page = (...nodes: TaggedNode[]) => ({ nodes, count: 0, pageInfo: { has_next_page: false, end_cursor: null } });
const data = (...pages: TaggedNode[][]): GridData<TaggedNode> => ({ pages: pages.map((nodes) => page(...nodes)), pageParams: pages.map(() => null) });
const ids = (d: GridData<TaggedNode> | undefined) => d?.pages.map((p) => p.nodes.map((n) => `${n.id}:${n.tag_status}`));

describe('tag review cache', () => {
  const before = data([node('a'), node('b', 'pending')], [node('c'), node('d', 'pending')]);

  it('drops a removed tag from whichever page holds it', () => {
    expect(ids(dropTagged(before, 'd'))).toEqual([['a:approved', 'b:pending'], ['c:approved']]);
  });

  it('moves an approved tag to the front as approved', () => {
    expect(ids(approveTagged(before, 'd'))).toEqual([['d:approved', 'a:approved', 'b:pending'], ['c:approved']]);
  });

  it('applies pending reviews over the server copy, and shows the server copy again once they are dropped', () => {
    const reviewed = withReviews(before, new Map([['b', 'remove'], ['d', 'approve']] as const));
    expect(ids(reviewed)).toEqual([['d:approved', 'a:approved'], ['c:approved']]);
    // A failed review drops its pending value: the server copy, untouched, is what shows.
    expect(ids(withReviews(before, new Map()))).toEqual(ids(before));
    expect(ids(withReviews(before, new Map([['b', 'pending']] as const)))).toEqual(ids(before));
  });

  it('leaves an empty cache alone', () => {
    expect(approveTagged(undefined, 'a')).toBeUndefined();
    expect(findTagged(undefined, 'a')).toBeNull();
  });
});

describe('a tag reviewed from the activity feed', () => {
  const story = (id: string, type: ActivityStory['type'], mediaId: string, tag_status?: ActivityStory['tag_status']) =>
    ({ id, type, timestamp: 1, user: { id: '9', username: 'alice' }, media: { id: mediaId, shortcode: 's', thumbnail_src: '' }, text: null, tag_status }) as ActivityStory;
  const feed = (...stories: ActivityStory[]): ActivityFeedData => ({
    graphql: { user: { activity_feed: { timestamp: 1, edge_web_activity_feed: { edges: stories.map((node) => ({ node })) } } } },
    status: 'ok',
  });
  const statuses = (d: ActivityFeedData | undefined) => d?.graphql.user.activity_feed.edge_web_activity_feed.edges.map((e) => [e.node.id, e.node.tag_status]);
  const before = feed(story('1', 'usertag', 'm1', 'pending'), story('2', 'like', 'm1'), story('3', 'usertag', 'm2', 'pending'));

  it('marks only the tag stories of that post: approved, or removed (null)', () => {
    expect(statuses(reviewedInActivity(before, 'm1', 'approve'))).toEqual([['1', 'approved'], ['2', undefined], ['3', 'pending']]);
    expect(statuses(reviewedInActivity(before, 'm2', 'remove'))).toEqual([['1', 'pending'], ['2', undefined], ['3', null]]);
    expect(reviewedInActivity(undefined, 'm1', 'approve')).toBeUndefined();
  });
});

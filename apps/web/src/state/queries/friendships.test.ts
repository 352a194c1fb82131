import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { afterFollow, relationshipOf, setRelationshipInCaches } from './friendships';

describe('friendship state', () => {
  it('a block wins over a follow and a request', () => {
    expect(relationshipOf({ blocked_by_viewer: true, followed_by_viewer: true, requested_by_viewer: true })).toBe('blocked');
  });

  it('a follow wins over a stale request; nothing means none', () => {
    expect(relationshipOf({ followed_by_viewer: true, requested_by_viewer: true })).toBe('following');
    expect(relationshipOf({ requested_by_viewer: true })).toBe('requested');
    expect(relationshipOf({})).toBe('none');
  });

  it("a follow's answer decides between following and requested (private account)", () => {
    expect(afterFollow('requested', false)).toBe('requested');
    expect(afterFollow('following', true)).toBe('following');
    expect(afterFollow(undefined, true)).toBe('requested');
    expect(afterFollow(undefined, false)).toBe('following');
  });
});

describe('a confirmed relationship in the caches', () => {
  it('reaches every cached copy of the person: profile, follow-list rows, suggestions', () => {
    const client = new QueryClient();
    const person = { id: '7', username: 'lena', is_private: false, followed_by_viewer: false };
    client.setQueryData(['page', '/lena/'], { graphql: { user: { ...person } }, status: 'ok' });
    client.setQueryData(['follow-list', '1', 'followers', 'all'], { pages: [{ edges: [{ node: { ...person } }, { node: { id: '8', username: 'bo' } }] }], pageParams: [null] });
    client.setQueryData(['suggested-users', 30], [{ user: { ...person } }]);
    setRelationshipInCaches(client, person, 'following', 'viewer');
    expect(client.getQueryData<{ graphql: { user: typeof person } }>(['page', '/lena/'])?.graphql.user.followed_by_viewer).toBe(true);
    const rows = client.getQueryData<{ pages: { edges: { node: { id: string; followed_by_viewer?: boolean } }[] }[] }>(['follow-list', '1', 'followers', 'all']);
    expect(rows?.pages[0]?.edges.map((edge) => [edge.node.id, edge.node.followed_by_viewer])).toEqual([
      ['7', true],
      ['8', undefined],
    ]);
    expect(client.getQueryData<{ user: typeof person }[]>(['suggested-users', 30])?.[0]?.user).toMatchObject({ followed_by_viewer: true, requested_by_viewer: false });
  });
});

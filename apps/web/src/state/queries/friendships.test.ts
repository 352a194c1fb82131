import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { setRelationshipInCaches } from './friendships';

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

import { describe, expect, it } from 'vitest';
import { checkFile, isRepositoryFile } from './table-owners.mjs';

const known = new Set(['users', 'media', 'follows', 'sessions']);

describe('the data-access check', () => {
  it('passes an owner naming its own table in its repository', () => {
    expect(checkFile('features/accounts/repository.ts', "db.selectFrom('users').selectAll()", known)).toEqual([]);
    expect(checkFile('features/posts/repository.ts', 'sql`select id from media m where m.owner_id = ${id}`', known)).toEqual([]);
  });

  it('fails another area naming a table, in the builder or in a raw template', () => {
    const builder = checkFile('features/feed/repository.ts', "db.selectFrom('media as m').innerJoin('users as u', 'u.id', 'm.owner_id')", known);
    expect(builder.join('\n')).toMatch(/names table media, owned by features\/posts/);
    expect(builder.join('\n')).toMatch(/names table users, owned by features\/accounts/);
    const raw = checkFile('features/stories/repository.ts', 'sql`exists (select 1 from follows f where f.follower_id = ${v})`', known);
    expect(raw).toHaveLength(1);
    expect(raw[0]).toMatch(/follows, owned by features\/friendships/);
  });

  it('passes a table lent by its owner under the caller alias', () => {
    expect(checkFile('features/feed/repository.ts', "import { usersAs } from '../accounts/repository.js';\ndb.selectFrom(usersAs('u')).select('u.id')", known)).toEqual([]);
  });

  it('fails SQL outside a repository file', () => {
    const problems = checkFile('features/posts/hydrate.ts', "db.selectFrom('media').selectAll()", known);
    expect(problems).toEqual([expect.stringMatching(/SQL outside a repository file/)]);
    expect(isRepositoryFile('features/posts/hydrate.repository.ts')).toBe(true);
    expect(isRepositoryFile('features/posts/repository/hydrate.ts')).toBe(true);
    expect(isRepositoryFile('features/posts/hydrate-repository.ts')).toBe(false);
  });

  it('lets the access module read what it decides on, and nothing else of others', () => {
    expect(checkFile('features/access/sql.ts', 'sql`select 1 from follows f`', known)).toEqual([]);
    expect(checkFile('features/access/repository.ts', "db.selectFrom('sessions')", known)[0]).toMatch(/sessions, owned by platform/);
  });

  it('leaves migrations, the seeder and tests out', () => {
    expect(checkFile('db/migrations/20260101-x.ts', "db.selectFrom('users')", known)).toEqual([]);
    expect(checkFile('seed/demo-posts.ts', "db.insertInto('media')", known)).toEqual([]);
  });
});

import { type Kysely, sql } from 'kysely';

/**
 * Follower and following counts kept on each account, so profiles, follow lists and the timeline's
 * star threshold read a number instead of counting rows. The database keeps them, in the statement
 * that changes `follows` (statement-level triggers over the rows it inserted or deleted), so every
 * writer is covered: follows, approvals, blocks, going public, deleted accounts, seeds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column follower_count integer not null default 0, add column following_count integer not null default 0`.execute(db);
  await sql`update users u set
    follower_count = (select count(*) from follows f where f.followee_id = u.id),
    following_count = (select count(*) from follows f where f.follower_id = u.id)`.execute(db);
  await sql`create function follows_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update users u set follower_count = u.follower_count + d.n from (select followee_id as id, count(*) as n from changed group by followee_id) d where u.id = d.id;
        update users u set following_count = u.following_count + d.n from (select follower_id as id, count(*) as n from changed group by follower_id) d where u.id = d.id;
      else
        update users u set follower_count = greatest(u.follower_count - d.n, 0) from (select followee_id as id, count(*) as n from changed group by followee_id) d where u.id = d.id;
        update users u set following_count = greatest(u.following_count - d.n, 0) from (select follower_id as id, count(*) as n from changed group by follower_id) d where u.id = d.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger follows_count_insert after insert on follows referencing new table as changed for each statement execute function follows_count()`.execute(db);
  await sql`create trigger follows_count_delete after delete on follows referencing old table as changed for each statement execute function follows_count()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger follows_count_delete on follows`.execute(db);
  await sql`drop trigger follows_count_insert on follows`.execute(db);
  await sql`drop function follows_count()`.execute(db);
  await sql`alter table users drop column follower_count, drop column following_count`.execute(db);
}

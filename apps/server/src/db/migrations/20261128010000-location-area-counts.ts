import { type Kysely, sql } from 'kysely';

/**
 * The location directory lists only the countries and cities people have posted in. Each location
 * keeps the ready posts made anywhere inside it (a city: at the city and at its places; a country:
 * anywhere in it) beside the posts made at it exactly, moved by the same trigger, so a directory page
 * reads one partial index instead of counting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations add column area_media_count integer not null default 0`.execute(db);
  await sql`update locations l set area_media_count = l.media_count where kind = 'place'`.execute(db);
  await sql`update locations l set area_media_count = l.media_count
      + coalesce((select sum(p.media_count) from locations p where p.city_id = l.id and p.kind = 'place'), 0)
    where kind = 'city'`.execute(db);
  await sql`update locations l set area_media_count = coalesce((select sum(x.media_count) from locations x where x.country_code = l.country_code and x.kind <> 'country'), 0)
    where kind = 'country'`.execute(db);

  await sql`create function locations_area_add(place bigint, delta integer) returns void language sql as $$
    update locations set area_media_count = area_media_count + delta
    where id = place
      or id = (select city_id from locations where id = place)
      or (kind = 'country' and country_code = (select country_code from locations where id = place and kind <> 'country'))
  $$`.execute(db);
  await sql`create or replace function locations_count_media() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.location_id is not distinct from new.location_id and old.status = new.status then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') and old.location_id is not null and old.status = 'ready' then
        update locations set media_count = media_count - 1 where id = old.location_id;
        perform locations_area_add(old.location_id, -1);
      end if;
      if tg_op in ('UPDATE', 'INSERT') and new.location_id is not null and new.status = 'ready' then
        update locations set media_count = media_count + 1 where id = new.location_id;
        perform locations_area_add(new.location_id, 1);
      end if;
      return null;
    end $$`.execute(db);

  await sql`drop index locations_countries_idx`.execute(db);
  await sql`drop index locations_country_cities_idx`.execute(db);
  await sql`create index locations_countries_idx on locations (name_folded, id) where kind = 'country' and area_media_count > 0`.execute(db);
  await sql`create index locations_country_cities_idx on locations (country_code, population desc, id) where kind = 'city' and area_media_count > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index locations_countries_idx`.execute(db);
  await sql`drop index locations_country_cities_idx`.execute(db);
  await sql`create index locations_countries_idx on locations (name_folded, id) where kind = 'country'`.execute(db);
  await sql`create index locations_country_cities_idx on locations (country_code, population desc, id) where kind = 'city'`.execute(db);
  await sql`create or replace function locations_count_media() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.location_id is not distinct from new.location_id and old.status = new.status then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') and old.location_id is not null and old.status = 'ready' then
        update locations set media_count = media_count - 1 where id = old.location_id;
      end if;
      if tg_op in ('UPDATE', 'INSERT') and new.location_id is not null and new.status = 'ready' then
        update locations set media_count = media_count + 1 where id = new.location_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop function locations_area_add(bigint, integer)`.execute(db);
  await sql`alter table locations drop column area_media_count`.execute(db);
}

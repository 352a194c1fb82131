import { type Kysely, sql } from 'kysely';

/**
 * Places become a directory: countries, their cities (from the gazetteer) and the places people
 * name inside them. A place keeps its post count (ready posts, whoever may see them) by trigger,
 * so search ranks and pages show counts without counting. The folded name (`fold_text`) is what
 * every search compares, by prefix and by trigram.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations drop constraint if exists locations_name_lower_key`.execute(db);
  await sql`alter table locations
    add column kind text not null default 'place' check (kind in ('country', 'city', 'place')),
    add column country_code text check (country_code ~ '^[A-Z]{2}$'),
    add column city_id bigint references locations(id) on delete set null,
    add column lat double precision check (lat between -90 and 90),
    add column lng double precision check (lng between -180 and 180),
    add column population bigint not null default 0,
    add column source text not null default 'user' check (source in ('gazetteer', 'user')),
    add column external_id text,
    add column created_by bigint references users(id) on delete set null,
    add column media_count integer not null default 0,
    add column name_folded text generated always as (fold_text(name)) stored`.execute(db);

  // A place typed by people is one place per name, whoever typed it first.
  await sql`create unique index locations_user_name_idx on locations (name_lower) where source = 'user'`.execute(db);
  await sql`create unique index locations_external_idx on locations (source, external_id) where external_id is not null`.execute(db);
  await sql`create unique index locations_country_code_idx on locations (country_code) where kind = 'country'`.execute(db);
  // Search: by prefix of the folded name, and by trigram similarity for typos.
  await sql`create index locations_name_prefix_idx on locations (name_folded text_pattern_ops)`.execute(db);
  await sql`create index locations_name_trgm_idx on locations using gin (name_folded gin_trgm_ops)`.execute(db);
  // Search without a query near a position, and with no position the most used places.
  await sql`create index locations_position_idx on locations (lat, lng) where lat is not null and kind <> 'country'`.execute(db);
  await sql`create index locations_popular_idx on locations (media_count desc, id) where kind <> 'country'`.execute(db);
  // The directory: countries by name, a country's cities by population, a city's places by name.
  await sql`create index locations_countries_idx on locations (name_folded, id) where kind = 'country'`.execute(db);
  await sql`create index locations_country_cities_idx on locations (country_code, population desc, id) where kind = 'city'`.execute(db);
  await sql`create index locations_city_places_idx on locations (city_id, name_folded, id) where kind = 'place'`.execute(db);

  await sql`update locations l set media_count = (select count(*) from media m where m.location_id = l.id and m.status = 'ready')`.execute(db);
  await sql`create function locations_count_media() returns trigger language plpgsql as $$
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
  await sql`create trigger media_location_count after insert or delete or update of location_id, status on media
    for each row execute function locations_count_media()`.execute(db);

  await sql`create table gazetteer_imports (
    source text primary key,
    version text not null,
    scope text not null,
    rows integer not null,
    imported_at timestamptz not null default now())`.execute(db);
}

/** Gazetteer rows go with the columns that describe them; the places people typed stay, as before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table gazetteer_imports`.execute(db);
  await sql`drop trigger media_location_count on media`.execute(db);
  await sql`drop function locations_count_media()`.execute(db);
  await sql`update media set location_id = null where location_id in (select id from locations where source <> 'user')`.execute(db);
  await sql`update locations set city_id = null`.execute(db);
  await sql`delete from locations where source <> 'user'`.execute(db);
  for (const index of ['user_name', 'external', 'country_code', 'name_prefix', 'name_trgm', 'position', 'popular', 'countries', 'country_cities', 'city_places']) {
    await sql`drop index ${sql.id(`locations_${index}_idx`)}`.execute(db);
  }
  await sql`alter table locations drop column kind, drop column country_code, drop column city_id, drop column lat, drop column lng,
    drop column population, drop column source, drop column external_id, drop column created_by, drop column media_count, drop column name_folded`.execute(db);
  await sql`alter table locations add constraint locations_name_lower_key unique (name_lower)`.execute(db);
}

import { sql, type RawBuilder } from 'kysely';
import { PUBLIC_REEL_ITEMS_MAX } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import type { ImageVariant } from '../../db/schema.js';
import { inSql } from '../../db/table-ref.js';
import { userSummaryColumns, usersAs } from '../accounts/repository.js';
import { followsAs } from '../friendships/repository.js';
import type { UserSummaryRow } from '../../platform/presenters.js';
import { notBlockedSql, storyVisibleSql, type StoryAliases } from '../access/sql.js';
import type { StoryRow } from './present.js';

/** A person's reel in the tray: what its ring needs, with its owner. */
export interface TrayRow extends UserSummaryRow {
  latest: Date;
  expiring: Date;
  /** When the first of its live stories leaves (the ring may change then: a close friends' story gone). */
  first_expiring: Date;
  besties: boolean;
  seen_at: Date | null;
}

export interface HighlightItemRow extends StoryRow {
  highlight_id: string;
  title: string;
  cover_story_id: string | null;
}

export interface ViewerRow {
  story_id: string;
  viewer_id: string;
  viewed_at: Date;
}

/** A person's ring as read: their newest live story, and how many of them the viewer has not seen. */
export interface RingRow {
  owner_id: string;
  latest: Date;
  besties: boolean;
  seen_at: Date | null;
  unseen: string;
}

/** What a direct message shows of a story it answers or shares. */
export interface StoryPicture {
  owner_id: string;
  variants: ImageVariant[];
  poster_key: string | null;
}

/** A story is read under `story` and its owner under `owner` (lent by accounts), as the access rules are told. */
const AS: StoryAliases = { story: 'story', owner: 'owner' };
const OWNER = inSql(usersAs('owner'));

const ids = (list: readonly string[]) => sql`${sql.val([...list])}::bigint[]`;

/** A story's columns as StoryRow reads them, under `story`. */
const STORY_COLUMNS = sql`story.id, story.owner_id, story.kind, story.audience, story.width, story.height, story.thumbhash,
  story.variants, story.video_key, story.poster_key, story.duration_ms, story.stickers, story.taken_at, story.expiring_at`;

/** Live: ready, and its expiry still ahead (the owner's own archive is not a reel). */
const liveSql = (now: Date) => sql<boolean>`(story.status = 'ready' and story.expiring_at > ${now})`;

/** Seconds, as the answers tell times: seen and posted times are compared at that grain. */
const secondsOf = (column: RawBuilder<unknown>) => sql`floor(extract(epoch from ${column}))`;

/**
 * The reads of stories for trays, reels and viewer lists. Each is one statement for the whole
 * batch, whatever the number of reels or items in it.
 */
export function createStoryReadsRepository(db: Db) {
  const rows = async <T>(query: RawBuilder<unknown>) => (await query.execute(db)).rows as T[];

  return {
    /**
     * The viewer's tray: their own live reel, then the reels of the accounts they follow with a
     * story they may see, unseen ones first, newest first within each group.
     */
    tray(viewerId: string, now: Date, limit: number): Promise<TrayRow[]> {
      // Per person (the viewer and each followed account, by primary key), their live stories read
      // from stories_live_idx and folded into one row: the work grows with the people followed and
      // their live stories, never with the archive or the size of the network.
      const owners = sql.join(userSummaryColumns('owner').map((c) => sql.ref(c)));
      return rows<TrayRow>(sql`
        select ${owners}, live.latest, live.expiring, live.first_expiring, live.besties, rs.seen_at
        from (select fl.followee_id as id from ${inSql(followsAs('fl'))} where fl.follower_id = ${viewerId} union all select ${viewerId}::bigint) people
        join ${OWNER} on owner.id = people.id
        cross join lateral (
          select max(story.taken_at) as latest, max(story.expiring_at) as expiring, min(story.expiring_at) as first_expiring, bool_or(story.audience = 'besties') as besties
          from stories story
          where story.owner_id = people.id and ${liveSql(now)} and ${storyVisibleSql(viewerId, AS, now)}
        ) live
        left join story_reel_seen rs on rs.viewer_id = ${viewerId} and rs.owner_id = people.id
        where live.latest is not null
        order by (people.id = ${viewerId}) desc,
          (coalesce(${secondsOf(sql.ref('rs.seen_at'))}, 0) >= ${secondsOf(sql.ref('live.latest'))}) asc,
          live.latest desc, people.id desc
        limit ${limit}`);
    },

    /** These people's live stories the viewer may see, oldest first within each reel. */
    peopleItems(viewerId: string | null, ownerIds: readonly string[], now: Date): Promise<StoryRow[]> {
      if (ownerIds.length === 0) return Promise.resolve([]);
      return rows<StoryRow>(sql`
        select ${STORY_COLUMNS} from stories story
        join ${OWNER} on owner.id = story.owner_id
        where story.owner_id = any(${ids(ownerIds)}) and ${liveSql(now)} and ${storyVisibleSql(viewerId, AS, now)}
        order by story.owner_id, story.taken_at, story.id`);
    },

    /** The items of these highlights the viewer may see, in the order they were added. */
    highlightItems(viewerId: string | null, highlightIds: readonly string[]): Promise<HighlightItemRow[]> {
      if (highlightIds.length === 0) return Promise.resolve([]);
      return rows<HighlightItemRow>(sql`
        select hi.highlight_id, h.title, h.cover_story_id, ${STORY_COLUMNS}
        from highlights h
        join highlight_items hi on hi.highlight_id = h.id
        join stories story on story.id = hi.story_id
        join ${OWNER} on owner.id = story.owner_id
        where h.id = any(${ids(highlightIds)}) and ${storyVisibleSql(viewerId, AS, null)}
        order by hi.highlight_id, hi.added_at, story.id`);
    },

    /**
     * The newest public live stories with these hashtags that the viewer may see (public: what a
     * visitor may see too), at most PUBLIC_REEL_ITEMS_MAX each, as `reel_key` and the story.
     */
    tagItems(viewerId: string | null, names: readonly string[], now: Date): Promise<(StoryRow & { reel_key: string })[]> {
      if (names.length === 0) return Promise.resolve([]);
      return rows(sql`
        select t.name as reel_key, x.* from unnest(${sql.val([...names])}::text[]) t(name)
        cross join lateral (
          select ${STORY_COLUMNS} from story_hashtags sh
          join stories story on story.id = sh.story_id
          join ${OWNER} on owner.id = story.owner_id
          where sh.name = t.name and ${liveSql(now)} and ${storyVisibleSql(null, AS, now)} and ${storyVisibleSql(viewerId, AS, now)}
          order by sh.taken_at desc, story.id desc
          limit ${PUBLIC_REEL_ITEMS_MAX}
        ) x`);
    },

    /** The same for places. */
    locationItems(viewerId: string | null, locationIds: readonly string[], now: Date): Promise<(StoryRow & { reel_key: string })[]> {
      if (locationIds.length === 0) return Promise.resolve([]);
      return rows(sql`
        select t.id::text as reel_key, x.* from unnest(${ids(locationIds)}) t(id)
        cross join lateral (
          select ${STORY_COLUMNS} from stories story
          join ${OWNER} on owner.id = story.owner_id
          where story.location_id = t.id and ${liveSql(now)} and ${storyVisibleSql(null, AS, now)} and ${storyVisibleSql(viewerId, AS, now)}
          order by story.taken_at desc, story.id desc
          limit ${PUBLIC_REEL_ITEMS_MAX}
        ) x`);
    },

    /** When the viewer last saw each of these people's reels. */
    async seen(viewerId: string | null, ownerIds: readonly string[]): Promise<Map<string, Date>> {
      if (!viewerId || ownerIds.length === 0) return new Map();
      const found = await db.selectFrom('story_reel_seen').select(['owner_id', 'seen_at'])
        .where('viewer_id', '=', viewerId).where('owner_id', 'in', [...ownerIds]).execute();
      return new Map(found.map((r) => [r.owner_id, r.seen_at]));
    },

    /** How many people the owner may still see saw each of these stories. */
    async viewCounts(ownerId: string, storyIds: readonly string[]): Promise<Map<string, number>> {
      if (storyIds.length === 0) return new Map();
      const found = await rows<{ story_id: string; n: number }>(sql`
        select sv.story_id, count(*)::int as n from story_views sv
        where sv.story_id = any(${ids(storyIds)}) and ${notBlockedSql(ownerId, sql.ref('sv.viewer_id'))}
        group by sv.story_id`);
      return new Map(found.map((r) => [r.story_id, r.n]));
    },

    /**
     * A page of each story's viewers, newest first, after the keyset (viewed_at, viewer_id) when
     * given; `limit` each (the caller asks one more to tell a next page). Blocked people either way
     * are left out.
     */
    viewers(ownerId: string, storyIds: readonly string[], limit: number, after: { at: Date; id: string } | null): Promise<ViewerRow[]> {
      if (storyIds.length === 0) return Promise.resolve([]);
      const keyset = after ? sql`and (sv.viewed_at, sv.viewer_id) < (${after.at}::timestamptz, ${after.id}::bigint)` : sql``;
      return rows<ViewerRow>(sql`
        select s.id::text as story_id, v.viewer_id, v.viewed_at from unnest(${ids(storyIds)}) s(id)
        cross join lateral (
          select sv.viewer_id, sv.viewed_at from story_views sv
          where sv.story_id = s.id ${keyset} and ${notBlockedSql(ownerId, sql.ref('sv.viewer_id'))}
          order by sv.viewed_at desc, sv.viewer_id desc
          limit ${limit}
        ) v`);
    },

    /** A story by id with its owner (any state: the caller decides who may see it). */
    story(storyId: string) {
      return db.selectFrom('stories').select(['id', 'owner_id', 'kind', 'taken_at']).where('id', '=', storyId).executeTakeFirst();
    },

    /** Of these stories, those the viewer may see now. */
    async visibleAmong(viewerId: string | null, storyIds: readonly string[], now: Date): Promise<Set<string>> {
      if (storyIds.length === 0) return new Set();
      const found = await rows<{ id: string }>(sql`
        select story.id from stories story join ${OWNER} on owner.id = story.owner_id
        where story.id = any(${ids(storyIds)}) and ${storyVisibleSql(viewerId, AS, now)}`);
      return new Set(found.map((r) => r.id));
    },

    /** Whether the viewer may see this story of this owner now: live, or kept in one of the owner's highlights. */
    async replyable(viewerId: string, ownerId: string, storyId: string, now: Date): Promise<boolean> {
      const found = await rows<{ id: string }>(sql`
        select story.id from stories story join ${OWNER} on owner.id = story.owner_id
        where story.id = ${storyId} and story.owner_id = ${ownerId}
          and (${storyVisibleSql(viewerId, AS, now)}
            or (exists (select 1 from highlight_items hi where hi.story_id = story.id) and ${storyVisibleSql(viewerId, AS, null)}))`);
      return found.length > 0;
    },

    /** Of these stories, those kept in this highlight that the viewer may see there. */
    async visibleInHighlight(viewerId: string | null, highlightId: string, storyIds: readonly string[]): Promise<Set<string>> {
      if (storyIds.length === 0) return new Set();
      const found = await rows<{ id: string }>(sql`
        select story.id from highlight_items hi
        join stories story on story.id = hi.story_id
        join ${OWNER} on owner.id = story.owner_id
        where hi.highlight_id = ${highlightId} and story.id = any(${ids(storyIds)}) and ${storyVisibleSql(viewerId, AS, null)}`);
      return new Set(found.map((r) => r.id));
    },

    /**
     * Each of these people's live stories the viewer may see, folded into one row per person: the
     * newest, whether one is for close friends, when the viewer last saw the reel and how many are
     * newer than that. One statement for them all, over stories_owner_idx; people without a story
     * the viewer may see have no row.
     */
    ringRows(viewerId: string | null, ownerIds: readonly string[], now: Date): Promise<RingRow[]> {
      // The owner sees their archive through the same rule; a ring is only ever of live, ready stories.
      const seenAt = viewerId
        ? sql<Date | null>`(select s.seen_at from story_reel_seen s where s.viewer_id = ${viewerId} and s.owner_id = story.owner_id)`
        : sql<Date | null>`null::timestamptz`;
      return db
        .selectFrom('stories as story')
        .innerJoin(usersAs('owner'), 'owner.id', 'story.owner_id')
        .where('story.owner_id', 'in', [...ownerIds])
        .where('story.status', '=', 'ready')
        .where('story.expiring_at', '>', now)
        .where(storyVisibleSql(viewerId, AS, now))
        .groupBy('story.owner_id')
        .select([
          'story.owner_id',
          sql<Date>`max(story.taken_at)`.as('latest'),
          sql<boolean>`bool_or(story.audience = 'besties')`.as('besties'),
          sql<Date | null>`max(${seenAt})`.as('seen_at'),
        ])
        .select(sql<string>`count(*) filter (where story.taken_at > coalesce(${seenAt}, to_timestamp(0)))`.as('unseen'))
        .execute();
    },

    /** What a direct message shows of these stories: their pictures. */
    async pictures(storyIds: readonly string[]): Promise<Map<string, StoryPicture>> {
      if (storyIds.length === 0) return new Map();
      const found = await db.selectFrom('stories').select(['id', 'owner_id', 'variants', 'poster_key']).where('id', 'in', [...storyIds]).execute();
      return new Map(found.map((r) => [r.id, { owner_id: r.owner_id, variants: r.variants, poster_key: r.poster_key }]));
    },
  };
}
export type StoryReadsRepository = ReturnType<typeof createStoryReadsRepository>;

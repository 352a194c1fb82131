#!/usr/bin/env node
/**
 * Holds the service's data access to two rules, reading the code as text:
 * 1. SQL (a Kysely builder call, sql`...`, sql.table) is written only in repository files:
 *    `repository.ts`, `*.repository.ts`, a `repository/` folder, the access module's `sql.ts`,
 *    and `db/`.
 * 2. Each table is named only by the area that owns it (OWNERS). Another area calls the owner's
 *    repository or composes a fragment the owner exports (`tableAs` with the caller's alias); the
 *    access module may read the tables it decides on (ACCESS_READS).
 * Migrations and the demo-world seeder are outside both rules: they write every table at once, as
 * the schema's history and as generated data, and hold no product behaviour.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sqlNames } from './sql-names.mjs';

const SERVER = 'apps/server/src';

export const OWNERS = {
  'features/accounts': ['users', 'password_resets', 'email_confirmations', 'phone_confirmations'],
  'features/auth': ['totp_secrets', 'backup_codes', 'two_factor_challenges', 'trusted_devices', 'two_factor_phones', 'two_factor_sms_codes', 'parental_consents', 'signup_phone_codes', 'login_places', 'oidc_identities', 'one_tap_tokens'],
  platform: ['sessions', 'outbox', 'server_keys'],
  'features/terms': ['terms_acceptances'],
  'features/friendships': ['follows', 'follow_requests', 'blocks'],
  'features/places': ['locations', 'gazetteer_imports'],
  'features/posts': ['uploads', 'media', 'media_items', 'usertags', 'media_mentions', 'likes', 'saves'],
  'features/hashtags': ['hashtags', 'media_hashtags', 'hashtag_follows', 'hashtag_advisory_acks'],
  'features/comments': ['comments', 'comment_likes'],
  'features/activity': ['events'],
  'features/suggestions': ['suggestion_dismissals'],
  'features/feed': ['timelines', 'timeline_state', 'timeline_stars'],
  'features/search': ['recent_searches', 'hidden_search_sections'],
  'features/explore': ['explore_snapshots', 'explore_clusters', 'explore_pool', 'explore_not_interested'],
  'features/direct': ['direct_threads', 'direct_members', 'direct_items', 'direct_item_reactions', 'direct_seq', 'direct_join_requests', 'direct_uploads', 'direct_presence'],
  'features/moderation': ['user_roles', 'account_standing', 'strikes', 'moderation_removals', 'moderation_actions'],
  'features/stories': ['stories', 'story_hashtags', 'story_mentions', 'story_reel_seen', 'story_views', 'close_friends', 'highlights', 'highlight_items'],
  'features/reports': ['reports', 'report_entries'],
  'features/connected-apps': ['oauth_apps', 'oauth_store', 'oauth_authorizations', 'oauth_invites'],
  'features/contact-import': ['contact_imports', 'imported_contacts'],
  'features/settings': ['account_settings'],
  'features/leaving': ['account_departures', 'data_exports'],
};

/** What the access module reads to decide who may see what. */
export const ACCESS_READS = ['users', 'follows', 'follow_requests', 'blocks', 'close_friends', 'media', 'usertags', 'stories', 'highlights', 'highlight_items', 'direct_threads', 'direct_members', 'account_standing', 'account_departures', 'moderation_removals'];

const OWNER_OF = new Map(Object.entries(OWNERS).flatMap(([owner, tables]) => tables.map((t) => [t, owner])));

export const isRepositoryFile = (rel) =>
  /(^|\/)repository(\.ts|\/)/.test(rel) || /\.repository\.ts$/.test(rel) || rel === 'features/access/sql.ts' || rel.startsWith('db/');

const outsideRules = (rel) => rel.startsWith('db/migrations/') || rel.startsWith('seed/') || /\.test\.ts$/.test(rel);

const areaOf = (rel) => (rel.startsWith('features/') ? rel.split('/').slice(0, 2).join('/') : rel.split('/')[0]);

/** @returns {string[]} one line per problem */
export function checkFile(rel, source, knownTables) {
  if (outsideRules(rel)) return [];
  const { hasSql, tables } = sqlNames(source, knownTables);
  const problems = [];
  if (hasSql && !isRepositoryFile(rel)) problems.push(`${SERVER}/${rel}: SQL outside a repository file (move it into the area's repository)`);
  const area = areaOf(rel);
  for (const [table, lines] of tables) {
    const owner = OWNER_OF.get(table);
    if (!owner) {
      problems.push(`${SERVER}/${rel}:${lines[0]}: table ${table} has no owner (add it to OWNERS in scripts/lint/table-owners.mjs)`);
      continue;
    }
    if (owner === area) continue;
    if (area === 'features/access' && ACCESS_READS.includes(table)) continue;
    problems.push(`${SERVER}/${rel}:${lines.join(',')}: names table ${table}, owned by ${owner} (call its repository or compose a fragment it exports)`);
  }
  return problems;
}

export function knownTablesOf(schemaSource) {
  const body = schemaSource.slice(schemaSource.indexOf('export interface Database'));
  return new Set([...body.slice(0, body.indexOf('\n}')).matchAll(/^\s+([a-z_]+):/gm)].map((m) => m[1]));
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '../..', SERVER);
  const known = knownTablesOf(fs.readFileSync(path.join(root, 'db/schema.ts'), 'utf8'));
  for (const table of known) if (!OWNER_OF.has(table)) console.error(`table ${table} has no owner in scripts/lint/table-owners.mjs`);
  const problems = sourceFiles(root).flatMap((f) => checkFile(path.relative(root, f), fs.readFileSync(f, 'utf8'), known));
  if (problems.length) {
    console.error(`${problems.length} data-access problem(s):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('Every table is named by its owner, and SQL lives in repositories.');
}

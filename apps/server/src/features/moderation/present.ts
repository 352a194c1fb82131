import type { AdminAccount, AdminReport, AuditEntry, ModerationActionKind, ReportObjectType, Strike } from '@shutter/contract';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { ReportRow } from '../reports/service.js';
import type { ActionRow, ModerationRepository, StrikeRow } from './repository.js';
import { thingKey, type JudgedThing, type Things } from './things.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A person gone for good (deleted): their lines still show. */
const goneAccount = (id: string): AdminAccount => ({ id, username: '', full_name: '', profile_pic_url: '', role: 'member', limited: false, suspended: false, strike_count: 0 });

/** The moderation screens' shapes, each page hydrated in one batch per kind (no query per row). */
export function createModerationPresenter(repo: ModerationRepository, users: UserSummaries, things: Things, storage: Storage) {
  async function accounts(ids: Iterable<string | null>): Promise<Map<string, AdminAccount>> {
    const unique = [...new Set([...ids].filter((id): id is string => id !== null))];
    const [people, roles, standing, strikes] = await Promise.all([users.many(unique), repo.rolesOf(unique), repo.standingOf(unique), repo.strikeCounts(unique)]);
    return new Map(unique.map((id) => {
      const u = people.get(id);
      if (!u) return [id, goneAccount(id)];
      const s = standing.get(id);
      return [id, {
        id, username: u.username, full_name: u.full_name, profile_pic_url: presentUserSummary(u, storage).profile_pic_url,
        role: roles.get(id) ?? 'member', limited: s?.limited ?? false, suspended: s?.suspended ?? false, strike_count: strikes.get(id) ?? 0,
      }];
    }));
  }

  const strikeOf = (s: StrikeRow, judged: Map<string, JudgedThing>): Strike => ({
    id: s.id,
    action: s.action,
    rule: s.rule,
    text: s.text,
    created_at: iso(s.created_at),
    thing: s.object_type && s.object_id ? judged.get(thingKey({ object_type: s.object_type as ReportObjectType, object_id: s.object_id }))?.thing ?? null : null,
    appeal: s.appeal_state && s.appealed_at ? { text: s.appeal_text ?? '', created_at: iso(s.appealed_at), state: s.appeal_state } : null,
    reversed: s.reversed_at !== null,
  });

  const refsOfStrikes = (rows: StrikeRow[]) => rows.flatMap((s) => (s.object_type && s.object_id ? [{ object_type: s.object_type as ReportObjectType, object_id: s.object_id }] : []));

  async function strikes(rows: StrikeRow[]): Promise<Strike[]> {
    const judged = await things.many(refsOfStrikes(rows));
    return rows.map((s) => strikeOf(s, judged));
  }

  async function reports(rows: ReportRow[]): Promise<AdminReport[]> {
    const [judged, people] = await Promise.all([
      things.many(rows.map((r) => ({ object_type: r.object_type, object_id: r.object_id }))),
      accounts(rows.flatMap((r) => [r.target_user_id, r.resolved_by])),
    ]);
    return rows.map((r) => ({
      id: r.id,
      action_taken: r.resolved_at !== null,
      action_taken_at: r.resolved_at ? iso(r.resolved_at) : null,
      action_taken_by_account: r.resolved_by ? people.get(r.resolved_by) ?? null : null,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
      reasons: r.reasons,
      reporter_count: r.reporter_count,
      target_account: people.get(r.target_user_id) ?? goneAccount(r.target_user_id),
      thing: judged.get(thingKey(r))!.thing,
    }));
  }

  async function audit(rows: ActionRow[]): Promise<AuditEntry[]> {
    const people = await accounts(rows.flatMap((r) => [r.moderator_id, r.target_user_id]));
    return rows.map((r) => ({
      id: r.id,
      action: r.action as ModerationActionKind,
      created_at: iso(r.created_at),
      account: people.get(r.moderator_id) ?? goneAccount(r.moderator_id),
      target_account: r.target_user_id ? people.get(r.target_user_id) ?? goneAccount(r.target_user_id) : null,
      report_id: r.report_id,
      object_type: r.object_type as ReportObjectType | null,
      object_id: r.object_id,
      text: r.text,
    }));
  }

  return { accounts, strikes, reports, audit, strikeOf, refsOfStrikes };
}
export type ModerationPresenter = ReturnType<typeof createModerationPresenter>;

import type { AdminReport } from '@shutter/contract';
import type { MessageId } from '../../lib/i18n/i18n';
import type { ReportAction } from '../../state/queries/moderation';

export type ActionId = 'dismiss' | 'remove' | 'sensitive' | 'warn' | 'limit' | 'suspend' | 'reopen' | 'unsuspend' | 'unlimit';

export interface ActionSpec {
  request: ReportAction;
  label: MessageId;
  confirm: MessageId;
  done: MessageId;
  danger: boolean;
  /** owner: the note goes to the person the action hits; log: it only goes in the audit log. */
  note: 'owner' | 'log' | null;
}

export const ACTIONS: Record<ActionId, ActionSpec> = {
  dismiss: { request: { kind: 'dismiss' }, label: 'moderation.action.dismiss', confirm: 'moderation.confirm.dismiss', done: 'moderation.done.dismiss', danger: false, note: 'log' },
  remove: { request: { kind: 'remove' }, label: 'moderation.action.remove', confirm: 'moderation.confirm.remove', done: 'moderation.done.remove', danger: true, note: 'owner' },
  sensitive: { request: { kind: 'account', type: 'sensitive' }, label: 'moderation.action.sensitive', confirm: 'moderation.confirm.sensitive', done: 'moderation.done.sensitive', danger: false, note: 'owner' },
  warn: { request: { kind: 'account', type: 'none' }, label: 'moderation.action.warn', confirm: 'moderation.confirm.warn', done: 'moderation.done.warn', danger: false, note: 'owner' },
  limit: { request: { kind: 'account', type: 'silence' }, label: 'moderation.action.limit', confirm: 'moderation.confirm.limit', done: 'moderation.done.limit', danger: false, note: 'owner' },
  suspend: { request: { kind: 'account', type: 'suspend' }, label: 'moderation.action.suspend', confirm: 'moderation.confirm.suspend', done: 'moderation.done.suspend', danger: true, note: 'owner' },
  reopen: { request: { kind: 'reopen' }, label: 'moderation.action.reopen', confirm: 'moderation.confirm.reopen', done: 'moderation.done.reopen', danger: false, note: null },
  unsuspend: { request: { kind: 'unsuspend' }, label: 'moderation.action.unsuspend', confirm: 'moderation.confirm.unsuspend', done: 'moderation.done.unsuspend', danger: false, note: 'log' },
  unlimit: { request: { kind: 'unsilence' }, label: 'moderation.action.unlimit', confirm: 'moderation.confirm.unlimit', done: 'moderation.done.unlimit', danger: false, note: 'log' },
};

/**
 * What may be done from a report in its state: an open report is acted on or dismissed; a resolved
 * one reopened, and its owner still warned, limited or suspended (a post removed, then its owner
 * suspended, is one review); a limit or a suspension lifted whenever the owner has one. A profile
 * has nothing to remove of its own; only posts are marked sensitive.
 */
export function availableActions(report: AdminReport): ActionId[] {
  const { thing, target_account: owner } = report;
  const open = !report.action_taken;
  const ids: ActionId[] = [];
  if (open) {
    ids.push('dismiss');
    if (thing.object_type !== 'user' && !thing.removed) ids.push('remove');
    if (thing.object_type === 'media' && !thing.sensitive && !thing.removed) ids.push('sensitive');
    ids.push('warn');
    if (!owner.limited && !owner.suspended) ids.push('limit');
    if (!owner.suspended) ids.push('suspend');
  } else {
    ids.push('reopen');
    if (!owner.limited && !owner.suspended) ids.push('limit');
    if (!owner.suspended) ids.push('suspend');
  }
  if (owner.limited) ids.push('unlimit');
  if (owner.suspended) ids.push('unsuspend');
  return ids;
}
